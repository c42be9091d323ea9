/** The seven agreements: each current version with its checkboxes and signers, its form, and every version. */
import { useSelector } from '@xstate/react';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectAgreements, selectIsEditing } from '../../../../machines/admin/content/content.selectors.ts';
import { AGREEMENT_TITLES_FALLBACK, type AdminAgreement } from '../../../shared/admin/content.ts';
import { When } from '../ui/When.tsx';
import { staffDateTime } from '../ui/staff-time.ts';
import { AgreementForm } from './AgreementForm.tsx';
import { agreementPdfPath } from './content-effects.ts';
import { shortSha, size } from './content-words.ts';

type Props = { actor: ContentActorRef; canEdit: boolean };

export function AgreementList({ actor, canEdit }: Props) {
  const agreements = useSelector(actor, selectAgreements);
  return (
    <>
      <h2>Agreements</h2>
      <ul className="content-list">
        {agreements.map((a) => (
          <AgreementCard key={a.key} actor={actor} canEdit={canEdit} agreement={a} />
        ))}
      </ul>
    </>
  );
}

function AgreementCard({ actor, canEdit, agreement: a }: Props & { agreement: AdminAgreement }) {
  const editing = useSelector(actor, (s) => selectIsEditing(s, { kind: 'agreement', key: a.key }));
  const title = a.current?.title ?? AGREEMENT_TITLES_FALLBACK[a.key];
  const preview = (name: string, versionId: string) => actor.send({ type: 'content.preview', request: { title: name, path: agreementPdfPath(a.key, versionId) } });
  return (
    <li className="content-card">
      <div className="content-card-head">
        <span className="content-order">
          <span className="visually-hidden">Order </span>
          {a.order}
        </span>
        <div>
          <h3>{title}</h3>
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
          <button type="button" className="admin-button admin-button--secondary" onClick={() => preview(a.current!.title, a.current!.id)}>
            Preview
          </button>
        )}
        {canEdit && (
          <button type="button" className="admin-button admin-button--secondary" aria-expanded={editing} onClick={() => actor.send({ type: 'content.edit', target: { kind: 'agreement', key: a.key } })}>
            Edit
          </button>
        )}
      </div>
      {canEdit && editing && <AgreementForm actor={actor} name={`Edit ${title}`} />}
      {a.versions.length > 0 && (
        <details>
          <summary>Versions ({a.versions.length})</summary>
          <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={`Versions of ${title}`}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Added</th>
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
                    <td>
                      <When iso={v.createdAt} />
                    </td>
                    <td>{v.title}</td>
                    <td className="admin-mono">{shortSha(v.sha256)}</td>
                    <td>{v.signers}</td>
                    <td>{v.retiredAt ? <>replaced <When iso={v.retiredAt} /></> : 'current'}</td>
                    <td>
                      <button type="button" className="admin-link-button" onClick={() => preview(`${v.title} (${staffDateTime(v.createdAt)})`, v.id)}>
                        Preview<span className="visually-hidden"> version of {staffDateTime(v.createdAt)}</span>
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
  );
}
