/** The five sub-step blocks: saved ones marked, the active one current; earlier ones can be looked at. */
import type { KycStepItem } from '../../../../machines/kyc/kyc.selectors.ts';
import type { KycStepNumber } from '../../../shared/kyc.ts';

export function KycSteps({ steps, onView }: { steps: KycStepItem[]; onView: (step: KycStepNumber) => void }) {
  return (
    <nav aria-label="KYC steps">
      <ol className="kyc-steps">
        {steps.map((s) => {
          const state = s.active ? 'active' : s.completed ? 'completed' : 'pending';
          return (
            <li key={s.step} className={`kyc-steps__item kyc-steps__item--${state}${s.displayed ? ' kyc-steps__item--displayed' : ''}`}>
              <button
                type="button"
                className="kyc-steps__button"
                aria-current={s.displayed ? 'step' : undefined}
                aria-disabled={!s.selectable || undefined}
                onClick={() => s.selectable && onView(s.step)}
              >
                <span className="kyc-steps__marker" aria-hidden="true">
                  {s.completed && !s.active ? '✓' : s.step}
                </span>
                <span className="kyc-steps__title">{s.title}</span>
                {s.completed && !s.active ? <span className="visually-hidden"> (completed)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
