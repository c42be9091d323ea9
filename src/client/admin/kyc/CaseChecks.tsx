/**
 * The reviewer aids on the case (issue 30), at the top of the decision side: the risk score (its level as a badge,
 * its points, each rule that added some), the identity document's machine-readable zone as read (its image and lines,
 * each item compared with the registration, the check digits) and the screening (which names against which lists, then each hit with why
 * it matched and the reviewers' word on it). Evidence computed on this server, never a decision. Compliance marks a
 * hit a true match or a false positive, with a reason; an auditor sees the same without the form. A case scored high
 * risk also shows the round's enhanced due diligence checklist, each item a checkbox compliance ticks (an auditor's are
 * disabled); EddApprovalNotice says, beside the decision, that the checklist still holds an approval back. Renders the
 * case chart's child `checks` (machines/admin/kyc-case-checks), which reads the checks again while some are pending.
 */
import { useSelector } from '@xstate/react';
import type { KycCaseActorRef } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import type { KycCaseChecksActorRef } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import {
  selectCanDecide,
  selectEdd,
  selectEddError,
  selectEddHoldsApproval,
  selectForm,
  selectFormError,
  selectIsPending,
  selectIsSending,
  selectIsSendingEdd,
  selectMrz,
  selectRefreshError,
  selectRisk,
  selectScreening,
} from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.selectors.ts';
import type { HitDraft } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.types.ts';
import {
  RISK_LEVEL_LABELS,
  SCREENING_HIT_DECISION_LABELS,
  SCREENING_HIT_DECISIONS,
  SCREENING_REASON_MAX_CHARS,
  type KycChecks,
  type MrzCheck,
  type ScreeningEntryKind,
  type ScreeningHit,
} from '../../../shared/admin/kyc-checks.ts';
import { ChartForm } from '../../ui/form/index.ts';
import { When } from '../ui/When.tsx';

export const CHECKS_PENDING = 'The checks are running on this server: screening, the risk score and the identity document’s machine-readable zone…';
export const NO_HITS = 'No screening hits on the current lists.';
export const CHECKS_NOTE = 'Computed on this server; evidence for the reviewer, not a decision.';
export const EDD_REQUIRED_NOTE = 'This case is scored high risk: every item must be done before it can be approved, and two different reviewers must approve it.';
export const EDD_NOT_REQUIRED_NOTE = 'Not required: this case is not scored high risk. The items ticked are shown for the record.';
export const MRZ_UNREADABLE = 'The machine-readable zone could not be read; compare the document by eye.';
export const MRZ_IMAGE_ALT = 'The machine-readable zone as read';
export const EDD_APPROVAL_NOTICE = 'Complete the enhanced due diligence checklist before approving: this case is scored high risk.';

const KIND_LABELS: Record<ScreeningEntryKind, string> = { sanction: 'Sanctions', pep: 'PEP (politically exposed person)', other: 'Other list entry' };
const BIRTH_DATE_LABELS: Record<ScreeningHit['birthDate'], string> = {
  matches: 'Matches the investor’s',
  differs: 'Differs from the investor’s',
  unknown: 'Cannot be compared (not known on one side)',
};
const MRZ_FORMAT_LABELS: Record<NonNullable<MrzCheck['format']>, string> = {
  TD1: 'TD1 (ID card: 3 lines of 30)',
  TD2: 'TD2 (2 lines of 36)',
  TD3: 'TD3 (passport: 2 lines of 44)',
};
const MRZ_ITEM_LABELS: Record<MrzCheck['comparisons'][number]['item'], string> = {
  surname: 'Surname',
  'given names': 'Given names',
  'date of birth': 'Date of birth',
  nationality: 'Nationality',
  sex: 'Sex',
  expiry: 'Expiry',
};
const MRZ_RESULT_LABELS: Record<MrzCheck['comparisons'][number]['result'], string> = { match: 'Match', differs: 'Differs', unreadable: 'Unreadable' };
/** The ICAO parser's labels, in the words of the comparison table. */
const CHECK_DIGIT_WORDS: Record<string, string> = {
  'Document number check digit': 'document number',
  'Birth date check digit': 'date of birth',
  'Expiration date check digit': 'expiry',
  'Personal number check digit': 'personal number',
  'Composite check digit': 'composite (the whole line)',
};
const checkDigitWords = (name: string) => CHECK_DIGIT_WORDS[name] ?? name.replace(/ check digit$/i, '').toLowerCase();
const points = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
const percent = (score: number) => `${Math.round(score * 100)}%`;

const selectChecksChild = (s: ReturnType<KycCaseActorRef['getSnapshot']>) => s.children.checks as KycCaseChecksActorRef | undefined;

export function CaseChecks({ actor }: { actor: KycCaseActorRef }) {
  const checks = useSelector(actor, selectChecksChild);
  if (!checks) return null;
  return <Aids checks={checks} />;
}

/** Beside the approve choice: the checklist of a high-risk case is not complete, so the server would refuse an approval. */
export function EddApprovalNotice({ actor }: { actor: KycCaseActorRef }) {
  const checks = useSelector(actor, selectChecksChild);
  if (!checks) return null;
  return <EddNotice checks={checks} />;
}

function EddNotice({ checks }: { checks: KycCaseChecksActorRef }) {
  const holds = useSelector(checks, selectEddHoldsApproval);
  return holds ? <p className="kyc-case__four-eyes">{EDD_APPROVAL_NOTICE}</p> : null;
}

function Aids({ checks }: { checks: KycCaseChecksActorRef }) {
  const pending = useSelector(checks, selectIsPending);
  const refreshError = useSelector(checks, selectRefreshError);
  const risk = useSelector(checks, selectRisk);
  const screening = useSelector(checks, selectScreening);
  const mrz = useSelector(checks, selectMrz);
  return (
    <section aria-labelledby="kyc-case-aids" className="kyc-case__aids">
      <h2 id="kyc-case-aids">Reviewer aids</h2>
      {/* Kept in the page so a screen reader hears the checks start and stop running. */}
      <p role="status" className="kyc-case__hint">
        {pending ? CHECKS_PENDING : null}
        {pending && refreshError ? ` (${refreshError} Trying again shortly.)` : null}
      </p>
      <Risk risk={risk} pending={pending} />
      {/* No reading yet (pending, or no identity document): the pending line above says the checks run. */}
      {mrz ? <Mrz mrz={mrz} /> : null}
      <Screening checks={checks} screening={screening} pending={pending} />
      <p className="kyc-case__small">{CHECKS_NOTE}</p>
      <Edd checks={checks} />
    </section>
  );
}

/** The round's enhanced due diligence checklist: shown when required, else only if some item was ticked (read only). */
function Edd({ checks }: { checks: KycCaseChecksActorRef }) {
  const edd = useSelector(checks, selectEdd);
  const canDecide = useSelector(checks, selectCanDecide);
  const sending = useSelector(checks, selectIsSendingEdd);
  const error = useSelector(checks, selectEddError);
  if (!edd.required && edd.items.every((i) => i.done === null)) return null;
  const disabled = !edd.required || !canDecide || sending;
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-edd" role="group">
      <h3 id="kyc-case-edd">Enhanced due diligence</h3>
      <p>{edd.required ? EDD_REQUIRED_NOTE : EDD_NOT_REQUIRED_NOTE}</p>
      <ul aria-label={`Checklist of round ${edd.round}`}>
        {edd.items.map(({ item, label, done }) => (
          <li key={item}>
            <label>
              <input
                type="checkbox"
                checked={done !== null}
                disabled={disabled}
                aria-describedby={done ? `kyc-edd-done-${item}` : undefined}
                onChange={(e) => checks.send({ type: 'checks.edd.toggle', item, done: e.target.checked })}
              />
              {label}
            </label>
            {done ? (
              <span id={`kyc-edd-done-${item}`} className="kyc-case__small">
                {' '}
                Done by {done.staffName}, <When iso={done.at} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="admin-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Risk({ risk, pending }: { risk: KycChecks['risk']; pending: boolean }) {
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-risk" role="group">
      <h3 id="kyc-case-risk">Risk score</h3>
      {risk ? (
        <>
          <p>
            <span className={`kyc-case__risk kyc-case__risk--${risk.level}`}>{RISK_LEVEL_LABELS[risk.level]} risk</span> {points(risk.points)}
          </p>
          {risk.rules.length ? (
            <ul aria-label="Rules that added points">
              {risk.rules.map((r) => (
                <li key={r.id}>
                  {r.words}: {points(r.points)}.
                </li>
              ))}
            </ul>
          ) : (
            <p>No rule added points.</p>
          )}
          <p className="kyc-case__small">
            Scored <When iso={risk.run.finishedAt} /> by {risk.run.engine} (round {risk.run.round}).
          </p>
        </>
      ) : (
        <p>{pending ? 'Not scored yet.' : 'Not scored.'}</p>
      )}
    </div>
  );
}

/** The identity document's machine-readable zone: what our server read, next to what the investor registered. */
function Mrz({ mrz }: { mrz: MrzCheck }) {
  const read = mrz.outcome === 'read';
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-mrz" role="group">
      <h3 id="kyc-case-mrz">Identity document (machine-readable zone)</h3>
      <dl className="kyc-case__facts">
        <dt>Document</dt>
        <dd>{mrz.document.originalName}</dd>
        {mrz.format ? (
          <>
            <dt>Format</dt>
            <dd>{MRZ_FORMAT_LABELS[mrz.format]}</dd>
          </>
        ) : null}
      </dl>
      {read ? null : <p className="kyc-case__mrz-unreadable">{MRZ_UNREADABLE}</p>}
      {/* A zone found but not fully read keeps its image and partial lines: they help the comparison by eye. */}
      {mrz.crop || mrz.lines.length ? <MrzZone mrz={mrz} /> : null}
      {read ? (
        <>
          <MrzComparisons comparisons={mrz.comparisons} />
          <CheckDigits checkDigits={mrz.checkDigits} />
        </>
      ) : null}
      {mrz.notes.length ? (
        <ul aria-label="Notes on the reading">
          {mrz.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p className="kyc-case__small">
        Read on this server by {mrz.run.engine} in {mrz.run.durationMs} ms (round {mrz.run.round}, <When iso={mrz.run.finishedAt} />).
      </p>
    </div>
  );
}

function MrzZone({ mrz }: { mrz: MrzCheck }) {
  return (
    <figure className="kyc-case__mrz-zone">
      {mrz.crop ? <img src={`data:image/png;base64,${mrz.crop.pngBase64}`} alt={MRZ_IMAGE_ALT} width={mrz.crop.width} height={mrz.crop.height} /> : null}
      {mrz.lines.length ? (
        // Scrolls sideways on a narrow screen rather than wrapping: the characters stay in their columns.
        <pre className="kyc-case__mrz-lines" tabIndex={0} role="region" aria-label="The zone’s lines as read">
          {mrz.lines.join('\n')}
        </pre>
      ) : null}
      {mrz.lines.length ? <figcaption className="kyc-case__small">In the lines, &lsquo;&lt;&rsquo; is a filler and &lsquo;?&rsquo; a character that could not be read.</figcaption> : null}
    </figure>
  );
}

function MrzComparisons({ comparisons }: { comparisons: MrzCheck['comparisons'] }) {
  return (
    <table className="admin-table kyc-case__mrz-table">
      <caption>Compared with the registration</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">On the document</th>
          <th scope="col">Registered</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {comparisons.map((c) => (
          <tr key={c.item}>
            <th scope="row">{MRZ_ITEM_LABELS[c.item]}</th>
            <td>{c.mrz ?? '—'}</td>
            <td>{c.registered ?? '—'}</td>
            <td>
              <span className={`kyc-case__mrz-result kyc-case__mrz-result--${c.result}`}>{MRZ_RESULT_LABELS[c.result]}</span>
              {c.note ? <span className="kyc-case__small"> {c.note}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CheckDigits({ checkDigits }: { checkDigits: MrzCheck['checkDigits'] }) {
  const wrong = checkDigits.filter((d) => !d.valid).map((d) => checkDigitWords(d.name));
  if (checkDigits.length === 0) return <p>Check digits: none could be verified.</p>;
  if (wrong.length === 0) return <p>Check digits: all valid</p>;
  return (
    <p className="kyc-case__mrz-digits--wrong">
      {wrong.length === 1 ? 'Check digit wrong' : 'Check digits wrong'}: {wrong.join(', ')}
    </p>
  );
}

function Screening({ checks, screening, pending }: { checks: KycCaseChecksActorRef; screening: KycChecks['screening']; pending: boolean }) {
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
