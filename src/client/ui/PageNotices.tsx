/** The page-level states the step pages share: no session ('Authentication Required') and a failed load with a retry. */
import { messages } from '../../shared/messages.ts';
// Not the form barrel: the shell shows these notices, and the barrel would bring every form piece into its script.
import { Button } from './form/Button.tsx';

export function AuthRequiredNotice({ detail }: { detail: string }) {
  return (
    <div className="notice-card notice-card--error" role="alert">
      <p className="notice-card__title">{messages.authenticationRequired}</p>
      <p className="notice-card__body">{detail}</p>
    </div>
  );
}

export function LoadFailedNotice({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="notice-card notice-card--error" role="alert">
      <p className="notice-card__body">{message}</p>
      <Button onClick={onRetry}>{retryLabel}</Button>
    </div>
  );
}
