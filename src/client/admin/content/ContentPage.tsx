/**
 * Issuer content (issue 15): the disclosure sections and the seven agreements, with their documents, counts and
 * history. The issuer-admin edits (a form per item, one open at a time, an optional new PDF; an agreement's
 * checkboxes as rows); an auditor sees the same read-only. Every change goes through the server's loader rules; the
 * page says what it did to investors. The content chart (machines/admin/content) holds the forms and what is shown.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { contentMachine, type ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectError, selectNotice, selectPhase, selectPreview } from '../../../../machines/admin/content/content.selectors.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import type { AdminApi } from '../admin-api.ts';
import { getAdminToken } from '../admin-token.ts';
import { AgreementList } from './AgreementList.tsx';
import { contentEffects } from './content-effects.ts';
import { SectionList } from './SectionList.tsx';
import './content.css';

/** The part of AdminPageProps this page uses (admin-pages.ts loads the page: importing it back would be a circle). */
export type ContentPageProps = {
  api: AdminApi;
  staff: { roles: readonly StaffRole[] };
  /** The staff token for the document viewer's own fetch (default: the back-office's stored token). */
  getToken?: () => string | null;
  /** The viewer was answered 401: the session is over (default: reload, and the shell signs in again). */
  onUnauthorized?: () => void;
};

export default function ContentPage({ api, staff, getToken = getAdminToken, onUnauthorized = () => window.location.reload() }: ContentPageProps) {
  const actor = useActorRef(contentMachine.provide({ actors: contentEffects(api) }));
  const phase = useSelector(actor, selectPhase);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const canEdit = staff.roles.includes('issuer-admin');

  if (phase === 'loading') return <p role="status">Loading the content…</p>;
  if (phase === 'failed')
    return (
      <div role="alert" className="admin-error">
        <p>{error}</p>
        <button type="button" className="admin-button" onClick={() => actor.send({ type: 'content.retry' })}>
          Try again
        </button>
      </div>
    );

  return (
    <section className="content-page" aria-labelledby="content-title">
      <h1 id="content-title">Issuer content</h1>
      {!canEdit && <p className="content-readonly">Read-only: only an issuer admin changes the content.</p>}
      <div aria-live="polite">
        {notice && <p className="admin-notice">{notice}</p>}
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Preview actor={actor} getToken={getToken} onUnauthorized={onUnauthorized} />
      <SectionList actor={actor} canEdit={canEdit} />
      <AgreementList actor={actor} canEdit={canEdit} />
    </section>
  );
}

function Preview({ actor, getToken, onUnauthorized }: { actor: ContentActorRef; getToken: () => string | null; onUnauthorized: () => void }) {
  const preview = useSelector(actor, selectPreview);
  if (!preview) return null;
  return (
    <div className="content-preview" role="region" aria-label={`Preview: ${preview.title}`}>
      <div className="content-preview-bar">
        <strong>{preview.title}</strong>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'content.closePreview' })}>
          Close preview
        </button>
      </div>
      <div className="content-preview-viewer">
        <DocumentViewer key={preview.path} url={preview.path} token={getToken()} title={preview.title} onUnauthorized={onUnauthorized} />
      </div>
    </div>
  );
}
