/** The disclosure sections: each with its document, readers and history; the removed ones; a new one's form. */
import { useSelector } from '@xstate/react';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectActiveSections, selectIsBusy, selectIsEditing, selectRetiredSections } from '../../../../machines/admin/content/content.selectors.ts';
import type { AdminDisclosureSection } from '../../../shared/admin/content.ts';
import { When } from '../ui/When.tsx';
import { sectionPdfPath } from './content-effects.ts';
import { changeWords, shortSha, size } from './content-words.ts';
import { SectionForm } from './SectionForm.tsx';

type Props = { actor: ContentActorRef; canEdit: boolean };

export function SectionList({ actor, canEdit }: Props) {
  const sections = useSelector(actor, selectActiveSections);
  const retired = useSelector(actor, selectRetiredSections);
  const addingOne = useSelector(actor, (s) => selectIsEditing(s, { kind: 'newSection' }));
  return (
    <>
      <h2>Disclosure sections</h2>
      <ul className="content-list">
        {sections.map((s) => (
          <SectionCard key={s.id} actor={actor} canEdit={canEdit} section={s} last={sections.length < 2} />
        ))}
      </ul>
      {canEdit &&
        (addingOne ? (
          <SectionForm actor={actor} name="New section" />
        ) : (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'content.edit', target: { kind: 'newSection' } })}>
            Add a section
          </button>
        ))}
      {retired.length > 0 && (
        <details>
          <summary>Removed sections ({retired.length})</summary>
          <ul className="content-history">
            {retired.map((s) => (
              <li key={s.id}>
                {s.title} ({s.slug}) · removed <When iso={s.retiredAt} /> · read by {s.readers}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function SectionCard({ actor, canEdit, section: s, last }: Props & { section: AdminDisclosureSection; last: boolean }) {
  const editing = useSelector(actor, (snap) => selectIsEditing(snap, { kind: 'section', id: s.id }));
  const busy = useSelector(actor, selectIsBusy);
  return (
    <li className="content-card">
      <div className="content-card-head">
        <span className="content-order">
          <span className="visually-hidden">Order </span>
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
          <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'content.preview', request: { title: s.title, path: sectionPdfPath(s.id) } })}>
            Preview
          </button>
        )}
        {canEdit && (
          <>
            <button type="button" className="admin-button admin-button--secondary" aria-expanded={editing} onClick={() => actor.send({ type: 'content.edit', target: { kind: 'section', id: s.id } })}>
              Edit
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={busy || last}
              onClick={() => window.confirm(`Remove “${s.title}”? Investors will no longer see it; who read it stays on record.`) && actor.send({ type: 'content.retire', id: s.id })}
            >
              Remove
            </button>
          </>
        )}
      </div>
      {canEdit && editing && <SectionForm actor={actor} name={`Edit ${s.title}`} />}
      {s.history.length > 0 && (
        <details>
          <summary>History ({s.history.length})</summary>
          <ul className="content-history">
            {s.history.map((h) => (
              <li key={`${h.at}-${h.action}`}>
                <When iso={h.at} /> · {changeWords(h)}
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
  );
}
