import { messages } from '../../../shared/messages.ts';
import { AlertIcon } from './viewer-icons.tsx';

/** The loading panel, shared by the lazy-chunk fallback and the machine's loading state. */
export function ViewerLoading() {
  return (
    <div className="dv-status" role="status" aria-live="polite">
      <span className="dv-spinner" aria-hidden="true" />
      <span className="dv-status__text">{messages.loading}</span>
    </div>
  );
}

interface ViewerErrorProps {
  message: string;
  actionLabel: string;
  onAction: () => void;
}

/** A failure with one way forward ('Try Again' or 'Reload Page'). */
export function ViewerError({ message, actionLabel, onAction }: ViewerErrorProps) {
  return (
    <div className="dv-status dv-status--error" role="alert">
      <span className="dv-status__icon">
        <AlertIcon />
      </span>
      <p className="dv-status__text">{message}</p>
      <button type="button" className="dv-button dv-button--primary" onClick={onAction}>
        {actionLabel}
      </button>
    </div>
  );
}
