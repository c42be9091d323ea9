/**
 * 'Proceed to Payment', labelled 'Complete All Requirements to Continue' until all seven are signed and the address is
 * valid. It stays focusable meanwhile (aria-disabled), so a press says what is missing in the spec's words.
 */
import { useSelector } from '@xstate/react';
import type { AgreementsActorRef } from '../../../../machines/agreements/agreements.machine.ts';
import { selectCanProceed, selectIsProceeding, selectProceedError } from '../../../../machines/agreements/agreements.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';

const text = messages.agreementsPage;

export function ProceedSection({ actor }: { actor: AgreementsActorRef }) {
  const canProceed = useSelector(actor, selectCanProceed);
  const proceeding = useSelector(actor, selectIsProceeding);
  const error = useSelector(actor, selectProceedError);
  return (
    <div className="agreements__proceed">
      <div aria-live="polite" className="agreements__proceed-message">
        {error ? (
          <div className="agreements__error" id="agreements-proceed-error">
            <p>{error.message}</p>
            {error.detail && error.detail !== error.message ? <p className="agreements__error-detail">{error.detail}</p> : null}
          </div>
        ) : null}
      </div>
      <Button
        className={canProceed ? undefined : 'agreements__proceed-button--waiting'}
        aria-disabled={!canProceed || undefined}
        aria-describedby={error ? 'agreements-proceed-error' : undefined}
        busy={proceeding}
        busyLabel={text.proceeding}
        onClick={() => actor.send({ type: 'agreements.proceed' })}
      >
        {canProceed ? text.proceed : text.proceedDisabled}
      </Button>
    </div>
  );
}
