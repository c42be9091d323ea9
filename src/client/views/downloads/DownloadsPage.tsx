/**
 * The signed-documents page (spec section 2 "Downloads page"): the list (title, type, size, signed date, a Download
 * button each), 'No Documents Available' with Refresh, 'Documents Not Generated Yet' with Check Again while the
 * documents are being sealed (the chart asks again by itself), and the footer 'N of 7 signed legal documents
 * available'. The decisions are machines/downloads'; each button is a download chart of its own.
 */
import { useSelector } from '@xstate/react';
import type { DownloadsActorRef } from '../../../../machines/downloads/downloads.machine.ts';
import {
  DOCUMENT_TOTAL,
  selectAvailableCount,
  selectDocuments,
  selectIsRefreshing,
  selectLoadError,
  selectPendingCount,
  selectPhase,
} from '../../../../machines/downloads/downloads.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { DocumentTable } from './DocumentTable.tsx';
import './downloads.css';

const text = messages.downloadsPage;
const titles = messages.downloads;

export function DownloadsPage({ actor }: { actor: DownloadsActorRef }) {
  const phase = useSelector(actor, selectPhase);
  const documents = useSelector(actor, selectDocuments);
  const available = useSelector(actor, selectAvailableCount);
  const pending = useSelector(actor, selectPendingCount);
  const error = useSelector(actor, selectLoadError);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const refresh = () => actor.send({ type: 'downloads.refresh' });

  if (phase === 'loading') return <LoadingScreen title={messages.loading} detail={text.loadingDetail} />;
  if (phase === 'failed') return <LoadFailedNotice message={error ?? text.loadFailed} retryLabel={text.tryAgain} onRetry={refresh} />;

  return (
    <div className="downloads">
      {error ? (
        <p className="downloads__error" role="alert">
          {error}
        </p>
      ) : null}
      {phase === 'generating' ? (
        <div className="notice-card downloads__notice" role="status">
          <p className="notice-card__title">{titles.notGenerated}</p>
          <p className="notice-card__body">{text.notGeneratedBody(pending)}</p>
          <Button variant="secondary" busy={refreshing} busyLabel={text.checking} onClick={refresh}>
            {text.checkAgain}
          </Button>
        </div>
      ) : null}
      {phase === 'empty' ? (
        <div className="notice-card downloads__notice" role="status">
          <p className="notice-card__title">{titles.none}</p>
          <p className="notice-card__body">{text.emptyBody}</p>
          <Button variant="secondary" busy={refreshing} busyLabel={text.checking} onClick={refresh}>
            {text.refresh}
          </Button>
        </div>
      ) : null}
      {documents.length > 0 ? <DocumentTable documents={documents} /> : null}
      <p className="downloads__footer">{titles.available(available, DOCUMENT_TOTAL)}</p>
    </div>
  );
}
