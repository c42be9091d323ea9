import { messages } from '../../../shared/messages.ts';
import { DOWNLOADS_PATH } from '../../../../machines/process/process.routes.ts';

/**
 * Placeholder for a process page whose step is built by a later issue: says so plainly, shows no fake content. Once the
 * agreements are signed it points to the signed documents (spec: the link lives on the Complete page, which comes
 * after payment; until payment exists this is the only way an investor finds them without typing the address).
 */
export function StepNotAvailable({ onSignedDocuments }: { onSignedDocuments: (() => void) | null }) {
  return (
    <div className="notice-card" role="status">
      <p className="notice-card__title">{messages.steps.notAvailableYet}</p>
      <p className="notice-card__body">This part of the investment process is being prepared. Your progress so far is saved.</p>
      {onSignedDocuments ? (
        <p className="notice-card__body">
          Your signed agreements are ready to download:{' '}
          <a
            href={DOWNLOADS_PATH}
            onClick={(e) => {
              e.preventDefault();
              onSignedDocuments();
            }}
          >
            {messages.steps.viewSignedDocuments}
          </a>
        </p>
      ) : null}
    </div>
  );
}
