/**
 * The case's documents (issue 15) and, side by side (issue 29), the one opened and the one shown beside it (an ID
 * beside the selfie): images as <img> a person can judge (at least 320 px wide on a desktop), zoomed and turned as
 * the chart holds it; PDFs in the document viewer. Every shown file is an object URL of its bytes.
 */
import { useSelector } from '@xstate/react';
import type { KycCaseActorRef } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import { MAX_ZOOM, MIN_ZOOM } from '../../../../machines/admin/kyc-case/kyc-case.rules.ts';
import { selectBeside, selectComparePair, selectDocument, selectViews } from '../../../../machines/admin/kyc-case/kyc-case.selectors.ts';
import type { DocumentPane, DocumentView, OpenDocument } from '../../../../machines/admin/kyc-case/kyc-case.types.ts';
import type { KycCase } from '../../../shared/admin/kyc-review.ts';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import { When } from '../ui/When.tsx';

const DOCUMENT_LABELS: Record<string, string> = { identity: 'Identity document', selfie: 'Selfie', address_utility: 'Utility bill', address_bank: 'Bank statement' };
const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`);

type Shown = { documentId: string | null; loading: boolean; open: OpenDocument | null; error: string | null };

function Pane({ actor, kase, pane, shown, view }: { actor: KycCaseActorRef; kase: KycCase; pane: DocumentPane; shown: Shown; view: DocumentView }) {
  if (!shown.documentId) return null;
  const doc = kase.documents.find((d) => d.id === shown.documentId);
  const title = doc ? `${DOCUMENT_LABELS[doc.documentType] ?? doc.documentType}: ${doc.originalName}` : 'Document';
  const close = () => actor.send({ type: pane === 'main' ? 'case.document.close' : 'case.beside.close' });
  const isImage = shown.open?.contentType.startsWith('image/') ?? false;
  const turned = view.rotation % 180 !== 0;
  return (
    <figure className="kyc-case__pane">
      <figcaption>{title}</figcaption>
      {shown.loading ? <p role="status">Loading the document…</p> : null}
      {shown.error ? <p role="alert">{shown.error}</p> : null}
      <div className="kyc-case__pane-tools">
        {isImage ? (
          <>
            <button type="button" className="admin-button admin-button--secondary" disabled={view.zoom <= MIN_ZOOM} onClick={() => actor.send({ type: 'case.view.zoom', pane, by: -1 })}>
              Zoom out
            </button>
            <span aria-live="polite">{Math.round(view.zoom * 100)}%</span>
            <button type="button" className="admin-button admin-button--secondary" disabled={view.zoom >= MAX_ZOOM} onClick={() => actor.send({ type: 'case.view.zoom', pane, by: 1 })}>
              Zoom in
            </button>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'case.view.rotate', pane })}>
              Rotate
            </button>
          </>
        ) : null}
        <button type="button" className="admin-button admin-button--secondary" onClick={close}>
          {pane === 'main' ? 'Close document' : 'Close the document beside'}
        </button>
      </div>
      {shown.open && isImage ? (
        <div className="kyc-case__image" tabIndex={0} role="region" aria-label={`${title}, zoomed ${Math.round(view.zoom * 100)}%, turned ${view.rotation}°`}>
          <img
            src={shown.open.url}
            alt={`Document ${doc?.originalName ?? ''}`}
            style={{ width: `${view.zoom * 100}%`, transform: `rotate(${view.rotation}deg)`, margin: turned ? '15% 0' : undefined }}
          />
        </div>
      ) : null}
      {shown.open && !isImage ? <DocumentViewer url={shown.open.url} title={doc?.originalName ?? 'Document'} /> : null}
    </figure>
  );
}

export function CaseDocuments({ actor, kase }: { actor: KycCaseActorRef; kase: KycCase }) {
  const main = useSelector(actor, selectDocument);
  const beside = useSelector(actor, selectBeside);
  const views = useSelector(actor, selectViews);
  const pair = useSelector(actor, selectComparePair, (a, b) => a?.identity === b?.identity && a?.selfie === b?.selfie);
  return (
    <section aria-labelledby="kyc-case-documents">
      <h2 id="kyc-case-documents">Documents</h2>
      {pair ? (
        <p>
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              actor.send({ type: 'case.document.open', documentId: pair.identity });
              actor.send({ type: 'case.beside.open', documentId: pair.selfie });
            }}
          >
            Compare the ID with the selfie
          </button>
        </p>
      ) : null}
      <ul className="kyc-case__documents">
        {kase.documents.map((d) => (
          <li key={d.id} className={d.replacedAt ? 'kyc-case__document--replaced' : undefined}>
            <span>
              {DOCUMENT_LABELS[d.documentType] ?? d.documentType}: {d.originalName} ({sizeText(d.sizeBytes)}, {d.contentType}) · uploaded <When iso={d.uploadedAt} />
              {d.replacedAt ? (
                <>
                  {' '}
                  · replaced <When iso={d.replacedAt} />
                </>
              ) : null}
            </span>
            <span className="kyc-case__document-actions">
              <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'case.document.open', documentId: d.id })}>
                View
              </button>
              <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'case.beside.open', documentId: d.id })}>
                View beside
              </button>
            </span>
          </li>
        ))}
      </ul>
      {main.documentId || beside.documentId ? (
        <div className="kyc-case__panes">
          <Pane actor={actor} kase={kase} pane="main" shown={main} view={views.main} />
          <Pane actor={actor} kase={kase} pane="beside" shown={beside} view={views.beside} />
        </div>
      ) : null}
    </section>
  );
}
