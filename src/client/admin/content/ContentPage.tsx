/**
 * Issuer content (issue 15): the disclosure sections and the seven agreements, with their documents, counts and
 * history. The issuer-admin edits (a form per item, one open at a time, an optional new PDF); an auditor sees the
 * same read-only. Every change goes through the server's loader rules; the page says what it did to investors.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { contentMachine } from '../../../../machines/admin/content/content.machine.ts';
import {
  selectActiveSections,
  selectAgreements,
  selectError,
  selectIsBusy,
  selectNotice,
  selectPhase,
  selectPreview,
  selectRetiredSections,
} from '../../../../machines/admin/content/content.selectors.ts';
import type { ContentChangeRequest, EditTarget } from '../../../../machines/admin/content/content.types.ts';
import type { AdminAgreement, AdminDisclosureSection } from '../../../shared/admin/content.ts';
import { AGREEMENT_TITLES_FALLBACK } from '../../../shared/admin/content.ts';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import type { AdminApi } from '../admin-api.ts';
import { getAdminToken } from '../admin-token.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import { agreementPdfPath, contentEffects, sectionPdfPath } from './content-effects.ts';
import './content.css';

const shortSha = (sha: string | null) => (sha ? `${sha.slice(0, 12)}…` : 'no document');
const size = (bytes: number | null) => (bytes === null ? '' : bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

type Send = (change: ContentChangeRequest) => void;

function FileField({ id, onFile }: { id: string; onFile: (file: File | null) => void }) {
  return (
    <div className="content-field">
      <label htmlFor={id}>New document (PDF, optional)</label>
      <input id={id} type="file" accept="application/pdf,.pdf" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </div>
  );
}

function SectionForm({ section, busy, onSubmit, onCancel }: { section: AdminDisclosureSection | null; busy: boolean; onSubmit: Send; onCancel: () => void }) {
  const id = useId();
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState(section?.title ?? '');
  const [order, setOrder] = useState(String(section?.order ?? 1));
  const [seconds, setSeconds] = useState(String(section?.minReadingSeconds ?? 60));
  const [file, setFile] = useState<File | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = { title, order, minReadingSeconds: seconds };
    onSubmit(section ? { kind: 'section', id: section.id, fields, file } : { kind: 'newSection', fields: { ...fields, slug }, file });
  };
  return (
    <form className="content-form" onSubmit={submit} aria-label={section ? `Edit ${section.title}` : 'New section'}>
      {!section && (
        <div className="content-field">
          <label htmlFor={`${id}-slug`}>Short name (lower-case letters, digits, dashes)</label>
          <input id={`${id}-slug`} value={slug} onChange={(e) => setSlug(e.target.value)} required pattern="[a-z0-9][a-z0-9\-]{0,79}" />
        </div>
      )}
      <div className="content-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </div>
      <div className="content-field">
        <label htmlFor={`${id}-order`}>Order</label>
        <input id={`${id}-order`} inputMode="numeric" value={order} onChange={(e) => setOrder(e.target.value)} required />
      </div>
      <div className="content-field">
        <label htmlFor={`${id}-seconds`}>Minimum reading time (seconds)</label>
        <input id={`${id}-seconds`} inputMode="numeric" value={seconds} onChange={(e) => setSeconds(e.target.value)} required />
      </div>
      <FileField id={`${id}-file`} onFile={setFile} />
      {section && <p className="content-hint">A new document makes investors who have not finished the step read this section again.</p>}
      <div className="content-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AgreementForm({ agreement, busy, onSubmit, onCancel }: { agreement: AdminAgreement; busy: boolean; onSubmit: Send; onCancel: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(agreement.current?.title ?? AGREEMENT_TITLES_FALLBACK[agreement.key]);
  const [checkboxes, setCheckboxes] = useState(JSON.stringify(agreement.current?.checkboxes ?? [], null, 2));
  const [file, setFile] = useState<File | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ kind: 'agreement', key: agreement.key, fields: { title, checkboxes }, file });
  };
  return (
    <form className="content-form" onSubmit={submit} aria-label={`Edit ${title}`}>
      <div className="content-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </div>
      <div className="content-field">
        <label htmlFor={`${id}-boxes`}>Checkboxes (JSON: id, text, required, critical)</label>
        <textarea id={`${id}-boxes`} value={checkboxes} onChange={(e) => setCheckboxes(e.target.value)} rows={8} spellCheck={false} />
      </div>
      <FileField id={`${id}-file`} onFile={setFile} />
      <p className="content-hint">Any change is a new version. Investors who signed keep the version they signed; the others confirm the new one.</p>
      <div className="content-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save as new version'}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

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
  const sections = useSelector(actor, selectActiveSections);
  const retired = useSelector(actor, selectRetiredSections);
  const agreements = useSelector(actor, selectAgreements);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const preview = useSelector(actor, selectPreview);
  const editing = useSelector(actor, (s) => s.context.editing);
  const canEdit = staff.roles.includes('issuer-admin');

  const edit = (target: EditTarget) => actor.send({ type: 'content.edit', target });
  const cancel = () => actor.send({ type: 'content.cancel' });
  const send: Send = (change) => actor.send({ type: 'content.submit', change });
  const showPdf = (title: string, path: string) => actor.send({ type: 'content.preview', request: { title, path } });
  const isEditing = (target: EditTarget) => JSON.stringify(editing) === JSON.stringify(target);

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
        {error && <p className="admin-error" role="alert">{error}</p>}
      </div>

      {preview && (
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
      )}

      <h2>Disclosure sections</h2>
      <ul className="content-list">
        {sections.map((s) => (
          <li key={s.id} className="content-card">
            <div className="content-card-head">
              <span className="content-order" aria-label={`Order ${s.order}`}>
                {s.order}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p className="content-meta">
                  {s.slug} · reading at least {s.minReadingSeconds} s · {s.readers} {s.readers === 1 ? 'investor has' : 'investors have'} read it
                </p>
                <p className="content-meta">
                  <span className="admin-mono" title={s.sha256 ?? undefined}>
                    SHA-256 {shortSha(s.sha256)}
                  </span>{' '}
                  {size(s.sizeBytes)}
                </p>
              </div>
            </div>
            <div className="content-actions">
              {s.sha256 && (
                <button type="button" className="admin-button admin-button--secondary" onClick={() => showPdf(s.title, sectionPdfPath(s.id))}>
                  Preview
                </button>
              )}
              {canEdit && (
                <>
                  <button type="button" className="admin-button admin-button--secondary" onClick={() => edit({ kind: 'section', id: s.id })} aria-expanded={isEditing({ kind: 'section', id: s.id })}>
                    Edit
                  </button>
                  <button type="button" className="admin-button admin-button--danger" disabled={busy || sections.length < 2} onClick={() => window.confirm(`Remove “${s.title}”? Investors will no longer see it; who read it stays on record.`) && send({ kind: 'retire', id: s.id })}>
                    Remove
                  </button>
                </>
              )}
            </div>
            {canEdit && isEditing({ kind: 'section', id: s.id }) && <SectionForm section={s} busy={busy} onSubmit={send} onCancel={cancel} />}
            {s.history.length > 0 && (
              <details>
                <summary>History ({s.history.length})</summary>
                <ul className="content-history">
                  {s.history.map((h) => (
                    <li key={`${h.at}-${h.action}`}>
                      {when(h.at)} · {h.action.replace('admin.content.disclosure.', '')} by {h.staffName ?? 'a former staff member'}
                      {h.oldSha256 !== h.newSha256 && (
                        <span className="admin-mono">
                          {' '}
                          · {shortSha(h.oldSha256)} → {shortSha(h.newSha256)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
      {canEdit &&
        (isEditing({ kind: 'newSection' }) ? (
          <SectionForm section={null} busy={busy} onSubmit={send} onCancel={cancel} />
        ) : (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => edit({ kind: 'newSection' })}>
            Add a section
          </button>
        ))}
      {retired.length > 0 && (
        <details>
          <summary>Removed sections ({retired.length})</summary>
          <ul className="content-history">
            {retired.map((s) => (
              <li key={s.id}>
                {s.title} ({s.slug}) · removed {when(s.retiredAt!)} · read by {s.readers}
              </li>
            ))}
          </ul>
        </details>
      )}

      <h2>Agreements</h2>
      <ul className="content-list">
        {agreements.map((a) => (
          <li key={a.key} className="content-card">
            <div className="content-card-head">
              <span className="content-order" aria-label={`Order ${a.order}`}>
                {a.order}
              </span>
              <div>
                <h3>{a.current?.title ?? AGREEMENT_TITLES_FALLBACK[a.key]}</h3>
                <p className="content-meta">
                  {a.key} · {a.current ? `${a.current.checkboxes.length} checkbox${a.current.checkboxes.length === 1 ? '' : 'es'} · ${a.current.signers} signed this version` : 'no version yet'}
                </p>
                {a.current && (
                  <p className="content-meta">
                    <span className="admin-mono" title={a.current.sha256}>
                      SHA-256 {shortSha(a.current.sha256)}
                    </span>{' '}
                    {size(a.current.sizeBytes)}
                  </p>
                )}
              </div>
            </div>
            <div className="content-actions">
              {a.current && (
                <button type="button" className="admin-button admin-button--secondary" onClick={() => showPdf(a.current!.title, agreementPdfPath(a.key, a.current!.id))}>
                  Preview
                </button>
              )}
              {canEdit && (
                <button type="button" className="admin-button admin-button--secondary" onClick={() => edit({ kind: 'agreement', key: a.key })} aria-expanded={isEditing({ kind: 'agreement', key: a.key })}>
                  Edit
                </button>
              )}
            </div>
            {canEdit && isEditing({ kind: 'agreement', key: a.key }) && <AgreementForm agreement={a} busy={busy} onSubmit={send} onCancel={cancel} />}
            {a.versions.length > 0 && (
              <details>
                <summary>Versions ({a.versions.length})</summary>
                <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={`Versions of ${a.key}`}>
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">Added (UTC)</th>
                        <th scope="col">Title</th>
                        <th scope="col">SHA-256</th>
                        <th scope="col">Signed by</th>
                        <th scope="col">Status</th>
                        <th scope="col">Document</th>
                      </tr>
                    </thead>
                    <tbody>
                      {a.versions.map((v) => (
                        <tr key={v.id}>
                          <td>{when(v.createdAt)}</td>
                          <td>{v.title}</td>
                          <td className="admin-mono">{shortSha(v.sha256)}</td>
                          <td>{v.signers}</td>
                          <td>{v.retiredAt ? `replaced ${when(v.retiredAt)}` : 'current'}</td>
                          <td>
                            <button type="button" className="admin-link-button" onClick={() => showPdf(`${v.title} (${when(v.createdAt)})`, agreementPdfPath(a.key, v.id))}>
                              Preview<span className="visually-hidden"> version of {when(v.createdAt)}</span>
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
