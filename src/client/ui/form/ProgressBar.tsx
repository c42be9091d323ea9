/**
 * A determinate progress bar (role="progressbar") with an optional visible caption, and optional step
 * names listed under it with the current one marked aria-current="step".
 */
import './form.css';

export type ProgressBarProps = {
  /** Progress so far, from 0 to `max`. */
  value: number;
  max?: number;
  /** Accessible name of the bar, e.g. 'Registration progress'. */
  label: string;
  /** How the value is read out and shown, e.g. 'Step 2 of 3'; defaults to a percentage. */
  valueText?: string;
  /** Step names, in order; step `current` (1-based) is marked current, earlier ones done. */
  steps?: readonly string[];
  current?: number;
};

export function ProgressBar({ value, max = 100, label, valueText, steps, current }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  const text = valueText ?? `${percent}%`;
  return (
    <div className="ui-progress">
      <div className="ui-progress__caption" aria-hidden="true">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped}
        aria-valuetext={text}
      >
        {/* A React style prop, not a <style> tag: allowed by the CSP. */}
        <div className="ui-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      {steps && steps.length > 0 ? (
        <ol className="ui-progress__steps">
          {steps.map((step, i) => {
            const n = i + 1;
            const state = current === undefined ? '' : n < current ? 'done' : n === current ? 'current' : 'upcoming';
            return (
              <li key={step} className={`ui-progress__step ui-progress__step--${state || 'upcoming'}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="ui-progress__step-number" aria-hidden="true">
                  {n}
                </span>
                <span className="ui-progress__step-name">{step}</span>
                {state === 'done' ? <span className="visually-hidden"> (completed)</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
