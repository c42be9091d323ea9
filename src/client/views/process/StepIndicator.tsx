import { useSelector } from '@xstate/react';
import type { ProcessActorRef } from '../../../../machines/process/process.machine.ts';
import { selectOverallProgress } from '../../../../machines/process/process.progress.selectors.ts';
import { selectStepIndicator } from '../../../../machines/process/process.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { pathOfStep } from '../../../shared/process-steps.ts';
import { useSession } from '../../app/session-context.tsx';

const STATUS_LABEL = { completed: 'Completed', current: 'Current step', accessible: 'Available', pending: 'Pending' } as const;

export function StepIndicator({ actor }: { actor: ProcessActorRef }) {
  const session = useSession();
  const items = useSelector(actor, selectStepIndicator);
  const overall = useSelector(actor, selectOverallProgress);
  const viewing = items.findIndex((item) => item.viewing);
  return (
    <nav className="steps" aria-label="Investment process">
      <ol className="steps__list">
        {items.map((item, i) => {
          const title = messages.steps.titles[i];
          const clickable = item.status !== 'pending';
          return (
            <li key={item.step} className={`steps__item steps__item--${item.status}${item.viewing ? ' steps__item--viewing' : ''}`}>
              <button
                type="button"
                className="steps__button"
                // aria-disabled keeps a pending step focusable, so keyboard users hear why it is closed.
                aria-disabled={!clickable || undefined}
                title={clickable ? undefined : messages.steps.pendingTooltip}
                aria-current={item.viewing ? 'step' : undefined}
                aria-describedby={clickable ? undefined : 'steps-pending-hint'}
                onClick={() => {
                  if (clickable) session.send({ type: 'session.route.request', path: pathOfStep(item.step) });
                }}
              >
                <span className="steps__marker" aria-hidden="true">{item.status === 'completed' ? '✓' : i + 1}</span>
                {/* The name comes from the content (title, then the status unseen), so what is read is what is shown. */}
                <span className="steps__title">{title}</span>
                <span className="visually-hidden">: {STATUS_LABEL[item.status]}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {/* Narrow screens show the numbers only: the step looked at is named once, whole, under them. */}
      {viewing >= 0 ? (
        <p className="steps__caption" aria-hidden="true">
          {viewing + 1}/{items.length} · {messages.steps.titles[viewing]}
        </p>
      ) : null}
      <span id="steps-pending-hint" className="visually-hidden">{messages.steps.pendingTooltip}</span>
      <div className="steps__overall">
        <div className="progress" role="progressbar" aria-label="Overall progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={overall}>
          <div className="progress__bar" style={{ width: `${overall}%` }} />
        </div>
        <span className="steps__percent">{overall}% complete</span>
      </div>
    </nav>
  );
}
