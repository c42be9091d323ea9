import { messages } from '../../../shared/messages.ts';

/** Placeholder for a process page whose step is built by a later issue: says so plainly, shows no fake content. */
export function StepNotAvailable() {
  return (
    <div className="notice-card" role="status">
      <p className="notice-card__title">{messages.steps.notAvailableYet}</p>
      <p className="notice-card__body">This part of the investment process is being prepared. Your progress so far is saved.</p>
    </div>
  );
}
