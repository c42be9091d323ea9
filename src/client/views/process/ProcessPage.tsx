import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectDisclosureActor, selectIsLoading, selectKycActor, selectViewedStep } from '../../../../machines/process/process.selectors.ts';
import { DisclosurePage } from '../disclosure/DisclosurePage.tsx';
import { KycPage } from '../kyc/KycPage.tsx';
import { selectProcessActor } from '../../../../machines/session/session.selectors.ts';
import { useSession } from '../../app/session-context.tsx';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { StepNotAvailable } from './StepNotAvailable.tsx';
import './process.css';

const STEP_HEADINGS = {
  disclosure: 'Disclosure Review',
  kyc: 'KYC Verification',
  agreements: 'Legal Agreements',
  payment: 'Payment Processing',
  complete: 'Investment Complete',
  downloads: 'Signed Documents',
} as const;

/** The signed-in area: the step indicator above the page of the step the process machine says is shown. */
export function ProcessPage() {
  const session = useSession();
  const processActor = useSelector(session, selectProcessActor);
  const loading = useSelector(processActor, (s) => (s ? selectIsLoading(s) : true));
  const viewed = useSelector(processActor, (s) => (s ? selectViewedStep(s) : 'disclosure'));
  const disclosureActor = useSelector(processActor, (s) => (s ? selectDisclosureActor(s) : undefined));
  const kycActor = useSelector(processActor, (s) => (s ? selectKycActor(s) : undefined));
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page: start keyboard and screen-reader users at its heading.
  useEffect(() => heading.current?.focus(), [viewed, loading]);
  if (!processActor || loading) return <LoadingScreen detail="Loading your investment progress..." />;
  return (
    <div className="process">
      <StepIndicator actor={processActor} />
      <section className="process__page" aria-labelledby="step-heading" data-step={viewed}>
        <h1 id="step-heading" ref={heading} tabIndex={-1}>{STEP_HEADINGS[viewed]}</h1>
        {viewed === 'disclosure' && disclosureActor ? (
          <DisclosurePage actor={disclosureActor} />
        ) : viewed === 'kyc' && kycActor ? (
          <KycPage actor={kycActor} />
        ) : (
          <StepNotAvailable />
        )}
      </section>
    </div>
  );
}
