/** The wallet address the tokens go to, with its live validity (spec section 5 "Wallet address"). */
import { useSelector } from '@xstate/react';
import type { AgreementsActorRef } from '../../../../machines/agreements/agreements.machine.ts';
import { selectIsProceeding, selectIsWalletValid, selectWalletAddress, selectWalletMessage } from '../../../../machines/agreements/agreements.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { WALLET_ADDRESS_LENGTH } from '../../../shared/wallet.ts';
import { Field, TextInput } from '../../ui/form/index.ts';

const text = messages.agreementsPage;

export function WalletSection({ actor }: { actor: AgreementsActorRef }) {
  const value = useSelector(actor, selectWalletAddress);
  const valid = useSelector(actor, selectIsWalletValid);
  const problem = useSelector(actor, selectWalletMessage);
  const proceeding = useSelector(actor, selectIsProceeding);
  return (
    <section className="agreements__wallet" aria-labelledby="agreements-wallet-title">
      <h2 id="agreements-wallet-title" className="agreements__section-title">
        {text.walletTitle}
      </h2>
      <Field id="agreements-wallet" label={text.walletLabel} help={text.walletHelp} required error={problem} success={valid ? text.walletValid : null}>
        {(control) => (
          <TextInput
            {...control}
            className="agreements__wallet-input"
            value={value}
            maxLength={WALLET_ADDRESS_LENGTH}
            readOnly={proceeding}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            placeholder="0x..."
            onChange={(e) => actor.send({ type: 'agreements.wallet.change', value: e.target.value })}
            // maxLength would cut a pasted address with spaces around it before it is trimmed (as in registration).
            onPaste={(e) => {
              e.preventDefault();
              actor.send({ type: 'agreements.wallet.change', value: e.clipboardData.getData('text').trim() });
            }}
          />
        )}
      </Field>
    </section>
  );
}
