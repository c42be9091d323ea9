/**
 * The reviewer aids on the case (issue 30), across the page above the decision: the risk score (its level as a badge,
 * its points, each rule that added some), the identity document's machine-readable zone (MrzAid.tsx), the selfie's
 * face compared with the document's photo (FaceAid.tsx) and the screening with its hits and the reviewers' word on
 * them (ScreeningAid.tsx). Evidence computed on this server, never a decision. A case scored high risk also shows the
 * round's enhanced due diligence checklist, each item a checkbox compliance ticks (an auditor's are disabled);
 * EddApprovalNotice says, beside the decision, that the checklist still holds an approval back. Renders the case
 * chart's child `checks` (machines/admin/kyc-case-checks), which reads the checks again while some are pending.
 */
import { useSelector } from '@xstate/react';
import type { KycCaseActorRef } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import type { KycCaseChecksActorRef } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import {
  selectCanDecide,
  selectEdd,
  selectEddError,
  selectEddHoldsApproval,
  selectFace,
  selectIsPending,
  selectIsSendingEdd,
  selectMrz,
  selectRefreshError,
  selectRisk,
  selectScreening,
} from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.selectors.ts';
import {
  RISK_LEVEL_LABELS,
  type KycChecks,
} from '../../../shared/admin/kyc-checks.ts';
import { When } from '../ui/When.tsx';
import { Face } from './FaceAid.tsx';
import { Mrz } from './MrzAid.tsx';
import { Screening } from './ScreeningAid.tsx';

export { FACE_BY_EYE, FACE_COMPARE_NOTE, FACE_GROUP } from './FaceAid.tsx';
export { MRZ_IMAGE_ALT, MRZ_UNREADABLE } from './MrzAid.tsx';
export { NO_HITS } from './ScreeningAid.tsx';

export const CHECKS_PENDING = 'The checks are running on this server: screening, the risk score, the identity document’s machine-readable zone and the face comparison…';
export const CHECKS_NOTE = 'Computed on this server; evidence for the reviewer, not a decision.';
export const EDD_REQUIRED_NOTE = 'This case is scored high risk: every item must be done before it can be approved, and two different reviewers must approve it.';
export const EDD_NOT_REQUIRED_NOTE = 'Not required: this case is not scored high risk. The items ticked are shown for the record.';
export const EDD_APPROVAL_NOTICE = 'Complete the enhanced due diligence checklist before approving: this case is scored high risk.';

const points = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

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
  const face = useSelector(checks, selectFace);
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
      {face ? <Face face={face} /> : null}
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
