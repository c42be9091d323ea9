/**
 * The team's work on the case (issue 29), beside the decision: who holds it (take it, let it go, give it to another
 * reviewer) and the internal notes (who wrote each and when; never shown to the investor). Renders the case chart's
 * child `work` (machines/admin/kyc-case-work); an auditor sees the same, without the buttons.
 */
import { useSelector } from '@xstate/react';
import type { KycCaseActorRef } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import type { KycCaseWorkActorRef } from '../../../../machines/admin/kyc-case-work/kyc-case-work.machine.ts';
import {
  selectAssignee,
  selectCanWork,
  selectDraft,
  selectGiveTo,
  selectHolderError,
  selectHoldsIt,
  selectIsAddingNote,
  selectIsChangingHolder,
  selectNoteError,
  selectNotes,
  selectOtherReviewers,
} from '../../../../machines/admin/kyc-case-work/kyc-case-work.selectors.ts';
import { KYC_NOTE_MAX_CHARS } from '../../../shared/admin/kyc-review.ts';
import { staffDateTime } from '../ui/staff-time.ts';
import { When } from '../ui/When.tsx';
import { ChartForm } from '../../ui/form/index.ts';


export function CaseWork({ actor }: { actor: KycCaseActorRef }) {
  const work = useSelector(actor, (s) => s.children.work as KycCaseWorkActorRef | undefined);
  if (!work) return null;
  return (
    <>
      <Holder work={work} />
      <Notes work={work} />
    </>
  );
}

function Holder({ work }: { work: KycCaseWorkActorRef }) {
  const assignee = useSelector(work, selectAssignee);
  const holdsIt = useSelector(work, selectHoldsIt);
  const canWork = useSelector(work, selectCanWork);
  const others = useSelector(work, selectOtherReviewers);
  const giveTo = useSelector(work, selectGiveTo);
  const error = useSelector(work, selectHolderError);
  const busy = useSelector(work, selectIsChangingHolder);
  return (
    <section aria-labelledby="kyc-case-holder" className="kyc-case__work">
      <h2 id="kyc-case-holder">Who holds this case</h2>
      <p role="status">
        {assignee
          ? `${holdsIt ? 'You hold this case' : `Held by ${assignee.name}`} since ${staffDateTime(assignee.since)}${assignee.assignedByName !== assignee.name ? ` (given by ${assignee.assignedByName})` : ''}.`
          : 'Nobody holds this case.'}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {canWork ? (
        <div className="kyc-case__work-actions">
          {holdsIt ? (
            <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={() => work.send({ type: 'work.release' })}>
              Let it go
            </button>
          ) : (
            <button type="button" className="admin-button" disabled={busy} onClick={() => work.send({ type: 'work.take' })}>
              Take this case
            </button>
          )}
          {others.length > 0 ? (
            <ChartForm
              aria-label="Give the case to another reviewer"
              onSubmit={() => work.send({ type: 'work.give' })}
            >
              <label>
                Give to
                <select value={giveTo} onChange={(e) => work.send({ type: 'work.giveTo.choose', staffId: e.target.value })}>
                  <option value="">Choose a reviewer…</option>
                  {others.map((r) => (
                    <option key={r.staffId} value={r.staffId}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="admin-button admin-button--secondary" disabled={busy || giveTo === ''}>
                Give
              </button>
            </ChartForm>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Notes({ work }: { work: KycCaseWorkActorRef }) {
  const notes = useSelector(work, selectNotes);
  const canWork = useSelector(work, selectCanWork);
  const draft = useSelector(work, selectDraft);
  const error = useSelector(work, selectNoteError);
  const busy = useSelector(work, selectIsAddingNote);
  return (
    <section aria-labelledby="kyc-case-notes" className="kyc-case__work">
      <h2 id="kyc-case-notes">Internal notes</h2>
      <p className="kyc-case__hint">For the team only: the investor never sees these.</p>
      {notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="kyc-case__notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p className="kyc-case__note-meta">
                {n.staffName} · <When iso={n.at} />
              </p>
              <p className="kyc-case__note-body">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canWork ? (
        <ChartForm
          aria-label="Add an internal note"
          onSubmit={() => work.send({ type: 'work.note.add' })}
        >
          <label htmlFor="kyc-case-note">Note</label>
          <textarea
            id="kyc-case-note"
            value={draft}
            maxLength={KYC_NOTE_MAX_CHARS}
            rows={3}
            aria-describedby={error ? 'kyc-case-note-error' : undefined}
            onChange={(e) => work.send({ type: 'work.note.draft', value: e.target.value })}
          />
          {error ? (
            <p id="kyc-case-note-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="admin-button" disabled={busy}>
            {busy ? 'Adding…' : 'Add note'}
          </button>
        </ChartForm>
      ) : null}
    </section>
  );
}
