/**
 * The KYC page (spec section 2 "KYC page"): the five sub-steps as blocks, the active step's form, an earlier step
 * looked at read-only with "You're currently on a different step", and the read-only summary once complete.
 * All decisions live in machines/kyc; this renders the snapshot and sends the user's intents.
 */
import { useSelector } from '@xstate/react';
import type { KycActorRef } from '../../../../machines/kyc/kyc.machine.ts';
import {
  selectAddressRef,
  selectAmlRef,
  selectCameraRef,
  selectDisplayedStep,
  selectFilesByStep,
  selectIdentityRef,
  selectIsViewingOtherStep,
  selectNotice,
  selectPhase,
  selectResubmission,
  selectStatus,
  selectSteps,
} from '../../../../machines/kyc/kyc.selectors.ts';
import { KYC_RESUBMISSION_TEXT } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { AuthRequiredNotice, LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { AddressStep } from './AddressStep.tsx';
import { AmlStep } from './AmlStep.tsx';
import { BiometricStep } from './BiometricStep.tsx';
import { EarlierStep } from './EarlierStep.tsx';
import { IdentityStep } from './IdentityStep.tsx';
import { KycSteps } from './KycSteps.tsx';
import { KycSummary } from './KycSummary.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import './kyc.css';

const text = messages.kyc;

export function KycPage({ actor }: { actor: KycActorRef }) {
  const phase = useSelector(actor, selectPhase);
  if (phase === 'loading' || phase === 'done') return <LoadingScreen title={messages.loading} detail={text.loading} />;
  if (phase === 'authRequired') return <AuthRequiredNotice detail={text.authRequired} />;
  if (phase === 'failed') return <LoadFailedNotice message={text.loadFailed} retryLabel={text.retry} onRetry={() => actor.send({ type: 'kyc.retry' })} />;
  if (phase === 'summary') return <KycSummary actor={actor} />;
  return <KycWizard actor={actor} />;
}

function KycWizard({ actor }: { actor: KycActorRef }) {
  const steps = useSelector(actor, selectSteps);
  const displayed = useSelector(actor, selectDisplayedStep);
  const viewingOther = useSelector(actor, selectIsViewingOtherStep);
  const notice = useSelector(actor, selectNotice);
  const files = useSelector(actor, selectFilesByStep);
  const status = useSelector(actor, selectStatus);
  const identity = useSelector(actor, selectIdentityRef);
  const camera = useSelector(actor, selectCameraRef);
  const address = useSelector(actor, selectAddressRef);
  const aml = useSelector(actor, selectAmlRef);
  const resubmission = useSelector(actor, selectResubmission);
  const shown = steps.find((s) => s.step === displayed);

  return (
    <div className="kyc">
      {resubmission ? (
        <section className="kyc__resubmission" aria-labelledby="kyc-resubmission-title">
          <h2 id="kyc-resubmission-title">{KYC_RESUBMISSION_TEXT.title}</h2>
          <p>{KYC_RESUBMISSION_TEXT.intro}</p>
          <ul>
            {resubmission.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          <p className="kyc__resubmission-label">{KYC_RESUBMISSION_TEXT.messageLabel}</p>
          <blockquote className="kyc__resubmission-message">{resubmission.message}</blockquote>
          <p>{KYC_RESUBMISSION_TEXT.rest}</p>
        </section>
      ) : null}
      <KycSteps steps={steps} onView={(step) => actor.send({ type: 'kyc.step.view', step })} />
      {viewingOther ? (
        <div className="kyc__other-step" role="status">
          <p>{text.otherStep}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'kyc.step.return' })}>
            {text.returnToCurrentStep}
          </Button>
        </div>
      ) : null}
      {notice && !viewingOther ? (
        <p className="kyc__notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="kyc__block" aria-labelledby="kyc-step-title">
        <h2 id="kyc-step-title" className="kyc__block-title">
          <span className="kyc__block-number" aria-hidden="true">
            {displayed}
          </span>
          {shown?.title}
        </h2>
        {viewingOther && displayed ? (
          <EarlierStep step={displayed} files={files[displayed]} aml={status?.aml ?? null} />
        ) : displayed === 1 && identity ? (
          <IdentityStep actor={identity} {...(resubmission ? { continueLabel: KYC_RESUBMISSION_TEXT.saveAndContinue } : {})} />
        ) : displayed === 2 ? (
          <BiometricStep camera={camera} />
        ) : displayed === 3 && address ? (
          <AddressStep actor={address} />
        ) : displayed === 4 ? (
          <AmlStep actor={aml} kyc={actor} />
        ) : displayed === 5 ? (
          <ReviewStep kyc={actor} />
        ) : null}
      </section>
    </div>
  );
}
