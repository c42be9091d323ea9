/**
 * The crypto payment: the rates (indicative ones flagged), each coin with its rate and the amount to send, the
 * receiving wallet with copy; after Continue the server's quote (its amount, its wallet, until when), the transaction
 * hash checked as typed, and 'I have sent the payment'. After the retries: the spec's words and card/wire instead.
 */
import { useSelector } from '@xstate/react';
import type { PaymentCryptoActorRef } from '../../../../machines/payment-crypto/payment-crypto.machine.ts';
import {
  selectCoin,
  selectCopied,
  selectCryptoError,
  selectCryptoPhase,
  selectHash,
  selectHashCheck,
  selectIsBusy,
  selectIsIndicative,
  selectOffers,
  selectQuote,
  selectRatesProblem,
  selectRetries,
} from '../../../../machines/payment-crypto/payment-crypto.selectors.ts';
import { formatRate } from '../../../../machines/payment/payment.rules.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { CRYPTO_PRICE_RETRY_LIMIT } from '../../../shared/payment.ts';
import { Button, Field, RadioCards, TextInput } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PaymentError } from './PaymentError.tsx';

const text = { ...messages.payment, ...paymentPageMessages };

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export function CryptoPayment({ actor }: { actor: PaymentCryptoActorRef }) {
  const phase = useSelector(actor, selectCryptoPhase);
  const retries = useSelector(actor, selectRetries);
  const problem = useSelector(actor, selectRatesProblem);
  const indicative = useSelector(actor, selectIsIndicative);

  if (phase === 'loading') {
    return <LoadingScreen title={messages.loading} detail={retries > 0 ? `${problem ?? ''} ${text.retryingRates(retries, CRYPTO_PRICE_RETRY_LIMIT)}`.trim() : text.loadingRates} />;
  }
  if (phase === 'unavailable') {
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__title">{text.pricesUnavailable}</p>
        {problem ? <p className="notice-card__body">{problem}</p> : null}
        <p className="notice-card__body">{text.pricesMaxRetries}</p>
        <p className="notice-card__body">{text.pricesUseOther}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'crypto.retry' })}>
          {text.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className="payment-crypto">
      {indicative ? (
        <p className="payment__notice" role="note">
          {text.indicativeRates}
        </p>
      ) : null}
      {phase === 'choosing' ? <CoinChoice actor={actor} /> : <Sending actor={actor} />}
    </div>
  );
}

function CoinChoice({ actor }: { actor: PaymentCryptoActorRef }) {
  const offers = useSelector(actor, selectOffers);
  const coin = useSelector(actor, selectCoin);
  const copied = useSelector(actor, selectCopied);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectCryptoError);
  const chosen = offers.find((o) => o.coin === coin) ?? null;
  return (
    <>
      <RadioCards
        name="payment-coin"
        legend={text.coinLegend}
        value={coin ?? ''}
        disabled={busy}
        onChange={(value) => actor.send({ type: 'crypto.coin.choose', coin: value })}
        options={offers
          .filter((o) => o.rate !== null)
          .map((o) => ({ value: o.coin, title: o.coin, description: `${text.rate(o.coin, formatRate(o.rate!))} · ${text.amountToSend} ${o.amountToSend} ${o.coin}` }))}
      />
      {chosen ? (
        <dl className="payment-details">
          <div>
            <dt>{text.amountToSend}</dt>
            <dd className="payment-details__value payment-details__value--strong">
              {chosen.amountToSend} {chosen.coin}
            </dd>
          </div>
          <div>
            <dt>{text.receivingWallet}</dt>
            <dd className="payment-details__value">
              <code>{chosen.wallet}</code>
              <CopyButton what={text.receivingWallet} copied={copied === chosen.coin} onCopy={() => actor.send({ type: 'crypto.wallet.copy', coin: chosen.coin })} />
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="payment__actions">
        <PaymentError id="crypto-error" error={error} />
        <Button busy={busy} onClick={() => actor.send({ type: 'crypto.continue' })}>
          {text.continue}
        </Button>
      </div>
    </>
  );
}

function Sending({ actor }: { actor: PaymentCryptoActorRef }) {
  const quote = useSelector(actor, selectQuote);
  const hash = useSelector(actor, selectHash);
  const check = useSelector(actor, selectHashCheck);
  const copied = useSelector(actor, selectCopied);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectCryptoError);
  const phase = useSelector(actor, selectCryptoPhase);
  if (!quote) return null;
  return (
    <>
      <p className="payment__lead">{text.sendExactly(quote.amountToSend, quote.cryptoCurrency)}</p>
      <dl className="payment-details">
        <div>
          <dt>{text.amountToSend}</dt>
          <dd className="payment-details__value payment-details__value--strong">
            {quote.amountToSend} {quote.cryptoCurrency}
          </dd>
        </div>
        <div>
          <dt>{text.receivingWallet}</dt>
          <dd className="payment-details__value">
            <code>{quote.walletAddress}</code>
            <CopyButton what={text.receivingWallet} copied={copied === quote.cryptoCurrency} onCopy={() => actor.send({ type: 'crypto.wallet.copy', coin: quote.cryptoCurrency })} />
          </dd>
        </div>
        <div>
          <dt>{text.rate(quote.cryptoCurrency, formatRate(quote.rate))}</dt>
          <dd className="payment-details__value">{text.quoteExpiresAt(timeFormat.format(new Date(quote.quoteExpiresAt)))}</dd>
        </div>
      </dl>
      <Field
        id="crypto-hash"
        label={text.transactionHash}
        required
        error={check && !check.valid ? text.transactionHashInvalid(check.chain) : null}
        success={check?.valid ? text.transactionHashValid : null}
      >
        {(control) => (
          <TextInput {...control} mono value={hash} disabled={busy} autoComplete="off" spellCheck={false} onChange={(e) => actor.send({ type: 'crypto.hash.change', value: e.target.value })} />
        )}
      </Field>
      <div className="payment__actions">
        <PaymentError id="crypto-error" error={error} />
        <Button busy={busy} busyLabel={phase === 'verifying' ? text.verifying : undefined} onClick={() => actor.send({ type: 'crypto.confirm' })}>
          {text.confirmCrypto}
        </Button>
      </div>
    </>
  );
}
