/**
 * The complete page (spec section 2 "Complete page"): congratulations, under review, what happens next, and the link
 * to the signed documents. A view without a chart of its own: it loads nothing and decides nothing (the process chart
 * shows it only once payment is complete, and moves to the downloads page when asked).
 */
import { DOWNLOADS_PATH } from '../../../../machines/process/process.routes.ts';
import { messages } from '../../../shared/messages.ts';
import './complete.css';

const text = messages.completePage;

export function CompletePage({ onSignedDocuments }: { onSignedDocuments: () => void }) {
  return (
    <div className="complete">
      <div className="complete__banner" role="status">
        <p className="complete__title">{text.congratulations}</p>
        <p className="complete__detail">{text.underReview}</p>
      </div>
      <section aria-labelledby="complete-next">
        <h2 id="complete-next" className="complete__heading">
          {text.nextHeading}
        </h2>
        <ol className="complete__next">
          {text.next.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </section>
      <p className="complete__link">
        <a
          href={DOWNLOADS_PATH}
          onClick={(e) => {
            e.preventDefault();
            onSignedDocuments();
          }}
        >
          {text.downloadsLink}
        </a>
      </p>
    </div>
  );
}
