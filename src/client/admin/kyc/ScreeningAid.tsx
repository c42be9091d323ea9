/**
 * The screening on the case (issue 30): which names were screened against which lists, then each hit with why it
 * matched and the reviewers' word on it; compliance marks a hit a true match or a false positive with a reason (an
 * auditor reads the same without the form). Part of the reviewer aids (CaseChecks.tsx).
 */
import { useSelector } from '@xstate/react';
import type { KycCaseChecksActorRef } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import { selectCanDecide, selectForm, selectFormError, selectIsSending } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.selectors.ts';
import type { HitDraft } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.types.ts';
import {
  SCREENING_HIT_DECISION_LABELS,
  SCREENING_HIT_DECISIONS,
  SCREENING_REASON_MAX_CHARS,
  type KycChecks,
  type ScreeningEntryKind,
  type ScreeningHit,
} from '../../../shared/admin/kyc-checks.ts';
import { ChartForm } from '../../ui/form/index.ts';
import { When } from '../ui/When.tsx';

export const NO_HITS = 'No screening hits on the current lists.';

const KIND_LABELS: Record<ScreeningEntryKind, string> = { sanction: 'Sanctions', pep: 'PEP (politically exposed person)', other: 'Other list entry' };
const BIRTH_DATE_LABELS: Record<ScreeningHit['birthDate'], string> = {
  matches: 'Matches the investor’s',
  differs: 'Differs from the investor’s',
  unknown: 'Cannot be compared (not known on one side)',
};
const percent = (score: number) => `${Math.round(score * 100)}%`;


export function Screening({ checks, screening, pending }: { checks: KycCaseChecksActorRef; screening: KycChecks['screening']; pending: boolean }) {
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-screening" role="group">
      <h3 id="kyc-case-screening">Screening</h3>
      {screening ? (
        <>
          <dl className="kyc-case__facts">
            <dt>Names screened</dt>
            <dd>{screening.namesScreened.join(', ') || '—'}</dd>
            <dt>Lists</dt>
            <dd>{screening.lists.join(', ') || '—'}</dd>
          </dl>
          <p className="kyc-case__small">
            Run <When iso={screening.run.finishedAt} /> by {screening.run.engine} (round {screening.run.round}, {screening.run.durationMs} ms).
          </p>
          {screening.hits.length === 0 ? (
            <p>{NO_HITS}</p>
          ) : (
            <ol className="kyc-case__hits" aria-label="Screening hits">
              {screening.hits.map((hit) => (
                <Hit key={hit.id} checks={checks} hit={hit} />
              ))}
            </ol>
          )}
        </>
      ) : (
        <p>{pending ? 'Not screened yet.' : 'Not screened.'}</p>
      )}
    </div>
  );
}

function Hit({ checks, hit }: { checks: KycCaseChecksActorRef; hit: ScreeningHit }) {
  const canDecide = useSelector(checks, selectCanDecide);
  const form = useSelector(checks, selectForm);
  return (
    <li className="kyc-case__hit">
      <h4>{hit.entryName}</h4>
      <dl className="kyc-case__facts">
        <dt>List</dt>
        <dd>
          {hit.list.name}
          {hit.list.current ? ' (current version)' : ' (an older version: the list has been loaded again since)'}
        </dd>
        <dt>Kind</dt>
        <dd>{KIND_LABELS[hit.entryKind]}</dd>
        <dt>Programme</dt>
        <dd>{hit.programme ?? '—'}</dd>
        <dt>Name screened</dt>
        <dd>{hit.queryName}</dd>
        <dt>Score</dt>
        <dd>{percent(hit.score)}</dd>
        <dt>Date of birth</dt>
        <dd>{BIRTH_DATE_LABELS[hit.birthDate]}</dd>
        <dt>Found</dt>
        <dd>
          <When iso={hit.foundAt} /> (round {hit.foundInRound})
        </dd>
      </dl>
      {hit.reasons.length ? (
        <ul aria-label="Why it matched">
          {hit.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      {hit.decision ? (
        <p className="kyc-case__hit-decision">
          <strong>{SCREENING_HIT_DECISION_LABELS[hit.decision.value]}</strong> — {hit.decision.staffName}, <When iso={hit.decision.decidedAt} />: “{hit.decision.reason}”
        </p>
      ) : (
        <p className="kyc-case__hit-decision">No reviewer has marked this hit yet.</p>
      )}
      {canDecide ? (
        form?.hitId === hit.id ? (
          <HitForm checks={checks} hit={hit} form={form} />
        ) : (
          // The visible words start the name (one button per hit: the name says which).
          <button
            type="button"
            className="admin-button admin-button--secondary"
            aria-label={`${hit.decision ? 'Change the decision' : 'Mark this hit'}: ${hit.entryName}`}
            onClick={() => checks.send({ type: 'checks.hit.open', hitId: hit.id })}
          >
            {hit.decision ? 'Change the decision' : 'Mark this hit'}
          </button>
        )
      ) : null}
    </li>
  );
}

function HitForm({ checks, hit, form }: { checks: KycCaseChecksActorRef; hit: ScreeningHit; form: HitDraft }) {
  const error = useSelector(checks, selectFormError);
  const sending = useSelector(checks, selectIsSending);
  const reasonId = `kyc-hit-reason-${hit.id}`;
  const errorId = `kyc-hit-error-${hit.id}`;
  return (
    <ChartForm className="kyc-case__hit-form" aria-label={`Decision on the hit ${hit.entryName}`} onSubmit={() => checks.send({ type: 'checks.hit.send' })}>
      <fieldset disabled={sending}>
        <legend>Is this entry the investor?</legend>
        {SCREENING_HIT_DECISIONS.map((d) => (
          <label key={d}>
            <input type="radio" name={`kyc-hit-decision-${hit.id}`} value={d} checked={form.decision === d} onChange={() => checks.send({ type: 'checks.hit.choose', decision: d })} />
            {SCREENING_HIT_DECISION_LABELS[d]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={reasonId}>Reason</label>
      <textarea
        id={reasonId}
        value={form.reason}
        maxLength={SCREENING_REASON_MAX_CHARS}
        rows={3}
        disabled={sending}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => checks.send({ type: 'checks.hit.reason', value: e.target.value })}
      />
      {error ? (
        <p id={errorId} role="alert" className="admin-error">
          {error}
        </p>
      ) : null}
      <div className="kyc-case__work-actions">
        <button type="submit" className="admin-button" disabled={sending}>
          {sending ? 'Saving…' : 'Save the decision on this hit'}
        </button>
        <button type="button" className="admin-button admin-button--secondary" disabled={sending} onClick={() => checks.send({ type: 'checks.hit.cancel' })}>
          Cancel
        </button>
      </div>
    </ChartForm>
  );
}
