/**
 * The complete page (spec section 2 "Complete page"), grown into the investment's status page (issue 28): the spec's
 * congratulations and what happens next, and above them where the investment stands, read from the case on the
 * lifecycle chart: one line in plain words, the identity verification (with the reviewer's request to redo steps),
 * the payment (the bank details again while a transfer is awaited, what is still due after a partial receipt, a hold
 * and what to do), refunds, the tokens (the wallet, the transaction and its link to the block explorer), the
 * timeline of the case, a sealed statement to download, and the link to the signed documents. The decisions are
 * machines/investment-status'; this view renders its snapshot.
 */
import { useSelector } from '@xstate/react';
import type { InvestmentStatusActorRef } from '../../../../machines/investment-status/investment-status.machine.ts';
import {
  selectCheckedAt,
  selectIsRefreshing,
  selectIsWatching,
  selectLoadError,
  selectPhase,
  selectStatus,
} from '../../../../machines/investment-status/investment-status.selectors.ts';
import { DOWNLOADS_PATH } from '../../../../machines/process/process.routes.ts';
import { INVESTMENT_STATEMENT_PATH, STATEMENT_FILE_NAME } from '../../../shared/investment-statement.ts';
import type { InvestmentStatusResponse } from '../../../shared/investment-status.ts';
import { KYC_RESUBMIT_STEP_LABELS } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { investmentStatusWords as words } from '../../../shared/messages/investment-status-page.ts';
import { DownloadButton } from '../../ui/download-button/DownloadButton.tsx';
import { Button } from '../../ui/form/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { TokensPanel } from './TokensPanel.tsx';
import './complete.css';

const text = messages.completePage;

/** The spec's congratulations and what happens next fit an investment on its way, not one that was refused or paid back. */
const isOnItsWay = (status: InvestmentStatusResponse) =>
  status.review.standing !== 'rejected' && status.payment !== null && status.payment.stage !== 'refundPending';

export function CompletePage({ actor }: { actor: InvestmentStatusActorRef }) {
  const phase = useSelector(actor, selectPhase);
  const status = useSelector(actor, selectStatus);
  const error = useSelector(actor, selectLoadError);
  const checkedAt = useSelector(actor, selectCheckedAt);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const watching = useSelector(actor, selectIsWatching);
  const refresh = () => actor.send({ type: 'status.refresh' });

  if (phase === 'loading') return <LoadingScreen title={messages.loading} detail={words.loading} />;
  if (phase === 'failed' || !status) return <LoadFailedNotice message={error ?? words.loadFailed} retryLabel={words.tryAgain} onRetry={refresh} />;

  return (
    <div className="complete">
      {isOnItsWay(status) ? (
        <div className="complete__banner">
          <p className="complete__title">{text.congratulations}</p>
          <p className="complete__detail">{text.underReview}</p>
        </div>
      ) : null}

      <section className="status-card status-card--headline" aria-labelledby="status-heading">
        <h2 id="status-heading" className="complete__heading">
          {words.heading}
        </h2>
        <p className="status-headline" role="status" data-version={status.version}>
          {status.headline}
        </p>
        <div className="status-freshness">
          <p>
            {checkedAt ? words.checkedAt(formatDateTime(checkedAt)) : null} {watching ? words.watching : null}
          </p>
          <Button variant="secondary" busy={refreshing} busyLabel={words.checking} onClick={refresh}>
            {words.checkAgain}
          </Button>
        </div>
        {error ? (
          <p className="status-error" role="alert">
            {words.refreshFailed(error)}
          </p>
        ) : null}
      </section>

      <section className="status-card" aria-labelledby="status-review">
        <h2 id="status-review" className="complete__heading">
          {words.reviewHeading}
        </h2>
        <p>{words.review[status.review.standing]}</p>
        {status.review.resubmission ? (
          <div className="status-resubmission">
            <p>
              <strong>{words.stepsAsked}:</strong> {status.review.resubmission.steps.map((step) => KYC_RESUBMIT_STEP_LABELS[step]).join(', ')}
            </p>
            {status.review.resubmission.message ? (
              <blockquote>
                <p className="status-resubmission__label">{words.reviewerMessage}</p>
                <p>{status.review.resubmission.message}</p>
              </blockquote>
            ) : null}
            {status.next.redoSteps ? <Button onClick={() => actor.send({ type: 'status.redoSteps' })}>{words.redoSteps}</Button> : null}
          </div>
        ) : null}
      </section>

      <PaymentPanel status={status} onPayAgain={() => actor.send({ type: 'status.payAgain' })} />
      <TokensPanel status={status} />

      <section className="status-card" aria-labelledby="status-timeline">
        <h2 id="status-timeline" className="complete__heading">
          {words.timelineHeading}
        </h2>
        {status.timeline.length === 0 ? (
          <p>{words.timelineEmpty}</p>
        ) : (
          <ol className="status-timeline">
            {status.timeline.map((fact, i) => (
              <li key={`${fact.at}-${i}`}>
                <time dateTime={fact.at}>{formatDateTime(fact.at)}</time>
                <span>{fact.words}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="status-card" aria-labelledby="status-documents">
        <h2 id="status-documents" className="complete__heading">
          {words.documentsHeading}
        </h2>
        <div className="status-statement">
          <p>
            <strong>{words.statement}</strong>
            <br />
            <span className="status-muted">{words.statementNote}</span>
          </p>
          <DownloadButton path={INVESTMENT_STATEMENT_PATH} fileName={STATEMENT_FILE_NAME} label={words.statement} words="signedDocument" />
        </div>
        <p className="complete__link">
          <a
            href={DOWNLOADS_PATH}
            onClick={(e) => {
              e.preventDefault();
              actor.send({ type: 'status.signedDocuments' });
            }}
          >
            {text.downloadsLink}
          </a>
        </p>
      </section>

      {isOnItsWay(status) ? (
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
      ) : null}
    </div>
  );
}
