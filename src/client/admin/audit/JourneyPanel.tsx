/**
 * One investor's journey: the recorded steps in time order, each in words naming the staff member who acted ("KYC
 * approved by Rita Reviewer", never the raw action code; issue 29), with its time in the reader's locale and zone, IP
 * and document hashes, as a list any reader can use, and the same steps drawn on the investment's lifecycle chart (a business fact as the transition it
 * took). Picking a step highlights its state on the chart.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { JourneyPhase } from '../../../../machines/admin/audit-trail/audit-trail.selectors.ts';
import type { JourneyResponse, JourneyStep } from '../../../shared/admin/audit.ts';
import { auditLineOf } from '../../../shared/admin/audit-journey.ts';
import { When } from '../ui/When.tsx';

const JourneyChart = lazy(() => import('./JourneyChart.tsx'));

type Props = {
  phase: Exclude<JourneyPhase, 'closed'>;
  journey: JourneyResponse | null;
  error: string | null;
  selected: JourneyStep | null;
  onSelectStep: (seq: number | null) => void;
  onRetry: () => void;
  onClose: () => void;
};

/** The lifecycle state's last part, as the chart draws it ('investment.case.review.approved' -> 'approved'). */
const stateKey = (id: string) => id.split('.').at(-1) ?? id;

export function JourneyPanel({ phase, journey, error, selected, onSelectStep, onRetry, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row far below: the panel is where the reader goes next.
  useEffect(() => heading.current?.focus(), []);
  const who = journey ? (journey.name ? `${journey.name} (${journey.email})` : journey.email) : 'the investor';
  return (
    <section className="audit__journey" aria-labelledby="audit-journey-title">
      <div className="audit__journey-head">
        <h2 id="audit-journey-title" ref={heading} tabIndex={-1}>Journey of {who}</h2>
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>Close journey</button>
      </div>
      {phase === 'loading' ? <p role="status">Loading the journey…</p> : null}
      {phase === 'failed' ? (
        <div className="audit__inline">
          <p className="admin-error" role="alert">{error}</p>
          <button type="button" className="admin-button" onClick={onRetry}>Try again</button>
        </div>
      ) : null}
      {phase === 'showing' && journey ? (
        journey.steps.length === 0 ? (
          <p>No step of this investor is recorded.</p>
        ) : (
          <div className="audit__journey-body">
            <div>
              {journey.truncated ? <p className="audit__muted">The first {journey.steps.length} steps are shown.</p> : null}
              <ol className="audit__steps">
                {journey.steps.map((step, i) => (
                  <li key={step.seq}>
                    <button type="button" className="audit__step" aria-pressed={selected?.seq === step.seq} onClick={() => onSelectStep(selected?.seq === step.seq ? null : step.seq)}>
                      <span className="audit__step-no" aria-hidden="true">{i + 1}</span>
                      <span className="audit__step-text">
                        <strong>{auditLineOf({ action: step.action, staffName: step.staffName ?? step.staffEmail })}</strong>
                        <span className="audit__muted">
                          <When iso={step.at} /> · event #{step.seq}
                          {step.lifecycleFact ? ` · ${step.lifecycleFact} → ${stateKey(step.lifecycleState!)}` : step.lifecycleState ? ` · in ${stateKey(step.lifecycleState)}` : ' · outside the lifecycle'}
                          {step.ip ? ` · IP ${step.ip}` : ''}
                          {step.staffEmail ? ` · ${step.staffEmail}` : ''}
                        </span>
                        {step.documentHashes.map((h) => (
                          <span key={h} className="admin-mono audit__hash">SHA-256 {h}</span>
                        ))}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </div>
            <div className="audit__journey-chart">
              <Suspense fallback={<p role="status">Loading the lifecycle chart…</p>}>
                <JourneyChart steps={journey.steps} selected={selected} onSelectStep={onSelectStep} />
              </Suspense>
            </div>
          </div>
        )
      ) : null}
    </section>
  );
}
