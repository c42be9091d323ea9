/**
 * The disclosure page (spec section 2 "Disclosure page"): renders the disclosure machine's snapshot. Every rule
 * (what may open, when a section completes, what is saved) lives in machines/disclosure; this file only shows it.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { DisclosureActorRef } from '../../../../machines/disclosure/disclosure.machine.ts';
import {
  selectAllComplete,
  selectCompletedAt,
  selectCompletedCount,
  selectCompletionError,
  selectIsCompleting,
  selectPhase,
  selectSaveFailed,
  selectSectionCount,
  selectSections,
} from '../../../../machines/disclosure/disclosure.selectors.ts';
import { selectToken } from '../../../../machines/session/session.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { useSession } from '../../app/session-context.tsx';
import { Button } from '../../ui/form/index.ts';
import { formatLongDate } from '../../ui/format.ts';
import { ProgressBar } from '../../ui/form/ProgressBar.tsx';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { prewarmPdfViewer } from '../../ui/document-viewer/index.ts';
import { AuthRequiredNotice, LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { DisclosureSectionItem } from './DisclosureSectionItem.tsx';
import './disclosure.css';

const text = messages.disclosure;

export function DisclosurePage({ actor }: { actor: DisclosureActorRef }) {
  const session = useSession();
  const token = useSelector(session, selectToken);
  const phase = useSelector(actor, selectPhase);
  const sections = useSelector(actor, selectSections);
  const done = useSelector(actor, selectCompletedCount);
  const total = useSelector(actor, selectSectionCount);
  const allComplete = useSelector(actor, selectAllComplete);
  const completing = useSelector(actor, selectIsCompleting);
  const completionError = useSelector(actor, selectCompletionError);
  const saveFailed = useSelector(actor, selectSaveFailed);
  const completedAt = useSelector(actor, selectCompletedAt);
  // Every section is a PDF: the viewer and pdf.js's worker load while the page does, not when a section opens.
  useEffect(prewarmPdfViewer, []);

  if (phase === 'loading' || phase === 'done') return <LoadingScreen title={messages.loading} detail={text.loadingDetail} />;
  if (phase === 'authRequired') return <AuthRequiredNotice detail={text.authRequired} />;
  if (phase === 'failed') return <LoadFailedNotice message={text.loadFailed} retryLabel={text.retry} onRetry={() => actor.send({ type: 'disclosure.retry' })} />;
  if (phase === 'empty') {
    return (
      <div className="notice-card" role="status">
        <p className="notice-card__title">{text.emptyTitle}</p>
        <p className="notice-card__body">{text.emptyBody}</p>
      </div>
    );
  }

  const review = phase === 'reviewing';
  return (
    <div className="disclosure">
      {review ? (
        <div className="disclosure__review" role="status">
          <div>
            <p className="disclosure__review-title">{text.reviewTitle}</p>
            {completedAt ? <p className="disclosure__review-date">{text.reviewCompletedOn(formatLongDate(completedAt))}</p> : null}
          </div>
          <Button variant="secondary" onClick={() => actor.send({ type: 'disclosure.returnToCurrentStep' })}>
            {text.returnToCurrentStep}
          </Button>
        </div>
      ) : (
        <ProgressBar label="Disclosure progress" value={done} max={total} valueText={text.progressSummary(done, total)} />
      )}

      <ol className="disclosure__sections">
        {sections.map((section, index) => (
          <DisclosureSectionItem key={section.id} section={section} index={index} review={review} token={token} actor={actor} />
        ))}
      </ol>

      {!review && saveFailed ? (
        <p className="disclosure__save-failed" role="status">
          {text.saveFailed}
        </p>
      ) : null}
      {!review && completionError ? (
        <div className="disclosure__error" role="alert">
          <p>{completionError.message}</p>
          {completionError.detail ? <p className="disclosure__error-detail">{completionError.detail}</p> : null}
        </div>
      ) : null}
      {!review && allComplete ? (
        <div className="disclosure__proceed">
          <p role="status">{text.allComplete}</p>
          <Button busy={completing} busyLabel={text.proceeding} onClick={() => actor.send({ type: 'disclosure.proceed' })}>
            {text.proceed}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
