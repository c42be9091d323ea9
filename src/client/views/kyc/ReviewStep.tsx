/** Step 5: verification complete; 'Proceed to Legal Agreements' completes KYC on the server. */
import { useSelector } from '@xstate/react';
import type { KycActorRef } from '../../../../machines/kyc/kyc.machine.ts';
import { selectCompletionError, selectIsCompleting } from '../../../../machines/kyc/kyc.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';
import { StepError } from './StepError.tsx';

const text = messages.kyc;

export function ReviewStep({ kyc }: { kyc: KycActorRef }) {
  const completing = useSelector(kyc, selectIsCompleting);
  const error = useSelector(kyc, selectCompletionError);
  return (
    <div className="kyc-step">
      <div className="kyc-review">
        <p className="kyc-review__title">{text.verificationComplete}</p>
        <p>{text.reviewIntro}</p>
      </div>
      <StepError error={error} />
      <div className="kyc-step__actions">
        <Button busy={completing} busyLabel={text.completing} onClick={() => kyc.send({ type: 'kyc.review.proceed' })}>
          {text.proceedToAgreements}
        </Button>
      </div>
    </div>
  );
}
