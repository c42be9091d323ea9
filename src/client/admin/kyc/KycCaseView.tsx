/**
 * One KYC case: registration data, the disclosure reading record, the documents (CaseDocuments: side by side, zoomed
 * and turned), the AML answers, the case work, the review history, the reviewer aids across the page (CaseChecks:
 * risk score, the ID's machine-readable zone, screening hits, the enhanced due diligence checklist), then the decision
 * form for compliance while the case awaits a decision (an auditor reads only; the first approver of a four-eyes round sees that it waits for a second reviewer; a high-risk
 * case whose enhanced due diligence checklist is not complete says so beside the approve choice), beside the
 * investor's payment (CasePayment). Renders machines/admin/kyc-case.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { kycCaseMachine } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import { AWAITS_SECOND_REVIEWER } from '../../../../machines/admin/kyc-case/kyc-case.rules.ts';
import {
  selectAwaitsSecondReviewer,
  selectCanDecide,
  selectCase,
  selectDecisionError,
  selectError,
  selectForm,
  selectIsDeciding,
  selectNotice,
  selectPhase,
  selectWalletFacts,
} from '../../../../machines/admin/kyc-case/kyc-case.selectors.ts';
import type { KycCaseActorRef } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import { KYC_REVIEW_DECISION_LABELS, KYC_REVIEW_DECISIONS, type KycCase } from '../../../shared/admin/kyc-review.ts';
import { formatEur } from '../../../shared/format.ts';
import { ANNUAL_VOLUME_LABELS, FUNDS_SOURCE_LABELS, KYC_RESUBMIT_STEP_LABELS, KYC_RESUBMIT_STEPS, KYC_STATUS_LABELS } from '../../../shared/kyc.ts';
import { staffDateTime } from '../ui/staff-time.ts';
import { CaseChecks, EddApprovalNotice } from './CaseChecks.tsx';
import { CaseDocuments } from './CaseDocuments.tsx';
import { CasePayment } from './CasePayment.tsx';
import { CaseWork } from './CaseWork.tsx';
import type { KycPageProps } from './kyc-page-props.ts';
import { kycCaseActions, kycCaseEffects } from './kyc-review-effects.ts';
import { ChartForm } from '../../ui/form/index.ts';
import { jurisdictionLabel } from '../../../shared/registration.ts';

/** A moment in the staff member's locale and zone, named (staff-time.ts). */
const dateTime = (iso: string | null) => (iso ? staffDateTime(iso) : '—');
/** A reading time as a reviewer reads it: seconds under a minute (not '0 min'), else minutes. */
const readFor = (seconds: number) => (seconds < 60 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`);
const DECIDED: Record<string, string> = { APPROVED: 'Approved', REJECTED: 'Rejected', RESUBMISSION_REQUESTED: 'Resubmission requested' };

export function KycCaseView({ api, staff, navigate, userId }: KycPageProps & { userId: string }) {
  const canDecide = staff.roles.includes('compliance');
  const machine = useMemo(() => kycCaseMachine.provide({ actors: kycCaseEffects(api), actions: kycCaseActions }), [api]);
  const actor = useActorRef(machine, { input: { userId, staffId: staff.id, canDecide, requestSeed: crypto.randomUUID() } });
  const phase = useSelector(actor, selectPhase);
  const kase = useSelector(actor, selectCase);
  const error = useSelector(actor, selectError);
  // The open document's object URL is released when the page goes (the chart releases it on every other change).
  useEffect(() => () => {
    const open = actor.getSnapshot().context.document;
    if (open) URL.revokeObjectURL(open.url);
  }, [actor]);

  const back = (
    <a
      href="/admin/kyc"
      onClick={(e) => {
        e.preventDefault();
        navigate('/kyc');
      }}
    >
      ← Back to the queue
    </a>
  );
  if (phase === 'loading') return <p role="status">Loading the case…</p>;
  if (phase === 'notFound') return <div className="kyc-review">{back}<p role="alert">No such KYC case.</p></div>;
  if (phase === 'failed' || !kase)
    return (
      <div className="kyc-review" role="alert">
        {back}
        <p>{error}</p>
        <button type="button" onClick={() => actor.send({ type: 'case.retry' })}>
          Try again
        </button>
      </div>
    );
  const name = kase.registration.entityName ?? kase.registration.fullName ?? kase.email;
  return (
    <div className="kyc-review kyc-case">
      {back}
      <h1>{name}</h1>
      <p>
        <span className="kyc-case__status">{KYC_STATUS_LABELS[kase.kyc.status]}</span> · round {kase.kyc.reviewRound} · submitted {dateTime(kase.kyc.submittedAt)}
      </p>
      <Registration actor={actor} kase={kase} />
      <CaseDocuments actor={actor} kase={kase} />
      <section aria-labelledby="kyc-case-aml">
        <h2 id="kyc-case-aml">AML answers</h2>
        {kase.kyc.aml ? (
          <dl className="kyc-case__facts">
            <dt>Source of funds</dt>
            <dd>{FUNDS_SOURCE_LABELS[kase.kyc.aml.fundsSource]}</dd>
            <dt>Expected annual volume</dt>
            <dd>{ANNUAL_VOLUME_LABELS[kase.kyc.aml.annualVolume]}</dd>
            <dt>Occupation</dt>
            <dd>{kase.kyc.aml.occupation}</dd>
            <dt>Additional information</dt>
            <dd>{kase.kyc.aml.additionalInfo || '—'}</dd>
            <dt>Declarations</dt>
            <dd>{kase.kyc.aml.declarationsConfirmed ? 'All four confirmed' : 'Not all confirmed'}</dd>
          </dl>
        ) : (
          <p>Not answered yet.</p>
        )}
      </section>
      <section aria-labelledby="kyc-case-disclosure">
        <h2 id="kyc-case-disclosure">Disclosure reading</h2>
        <p>{kase.disclosure.completed ? `Completed ${dateTime(kase.disclosure.completedAt)}` : 'Not completed'}</p>
        <ul>
          {kase.disclosure.reads.map((r) => (
            <li key={r.section}>
              {r.section}: opened {dateTime(r.readAt)}
              {typeof r.detail.timeSpentSeconds === 'number' ? `, ${readFor(r.detail.timeSpentSeconds)} read` : ''}
            </li>
          ))}
        </ul>
      </section>
      {kase.kyc.resubmission ? (
        <section aria-labelledby="kyc-case-resubmission">
          <h2 id="kyc-case-resubmission">Resubmission requested</h2>
          <p>Steps: {kase.kyc.resubmission.steps.map((s) => KYC_RESUBMIT_STEP_LABELS[s]).join(', ')}</p>
          <blockquote>{kase.kyc.resubmission.message}</blockquote>
        </section>
      ) : null}
      <CaseWork actor={actor} />
      <History kase={kase} />
      {/* The whole width: the zone's lines and the comparison table need it. */}
      <CaseChecks actor={actor} />
      <div className="kyc-case__decide">
        <div className="kyc-case__decision-side">
          <Decision actor={actor} kase={kase} />
        </div>
        <CasePayment kase={kase} navigate={navigate} />
      </div>
    </div>
  );
}

function Registration({ actor, kase }: { actor: KycCaseActorRef; kase: KycCase }) {
  const r = kase.registration;
  const wallets = useSelector(actor, selectWalletFacts);
  const rows: [string, string | null][] = [
    ['Email', kase.email],
    ['Investor type', r.investorType === 'ENTITY' ? 'Entity' : 'Individual'],
    ['Full name', r.fullName],
    ['Date of birth', r.dateOfBirth],
    ['Nationality', r.nationality],
    ['Entity name', r.entityName],
    ['Jurisdiction', r.jurisdiction],
    ['Authorised signatory', r.authorizedSignatory],
    ['Primary jurisdiction', jurisdictionLabel(r.primaryJurisdiction)],
    ['Investment', formatEur(r.investmentAmount)],
    ...wallets.map((w): [string, string] => [w.label, w.address]),
    ['Registered', dateTime(r.registeredAt)],
  ];
  return (
    <section aria-labelledby="kyc-case-registration">
      <h2 id="kyc-case-registration">Registration</h2>
      <dl className="kyc-case__facts">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function History({ kase }: { kase: KycCase }) {
  return (
    <section aria-labelledby="kyc-case-history">
      <h2 id="kyc-case-history">Review history</h2>
      {kase.fourEyes.applies ? (
        <p>
          Four-eyes review: above {formatEur(kase.fourEyes.aboveEur)}, two different reviewers must approve. Approvals this round:{' '}
          {kase.fourEyes.approvalsThisRound.map((a) => a.reviewerName).join(', ') || 'none'}.
        </p>
      ) : null}
      {kase.reviews.length === 0 ? (
        <p>No decisions yet.</p>
      ) : (
        <ol>
          {kase.reviews.map((r) => (
            <li key={r.id}>
              Round {r.round}: {DECIDED[r.decision]} by {r.reviewerName}, {dateTime(r.decidedAt)}
              {r.reason ? ` — ${r.reason}` : ''}
              {r.steps.length ? ` — redo: ${r.steps.map((s) => KYC_RESUBMIT_STEP_LABELS[s]).join(', ')}` : ''}
              {r.message ? ` — “${r.message}”` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Decision({ actor, kase }: { actor: KycCaseActorRef; kase: KycCase }) {
  const canDecide = useSelector(actor, selectCanDecide);
  const awaitsSecond = useSelector(actor, selectAwaitsSecondReviewer);
  const form = useSelector(actor, selectForm);
  const problem = useSelector(actor, selectDecisionError);
  const notice = useSelector(actor, selectNotice);
  const deciding = useSelector(actor, selectIsDeciding);
  return (
    <section aria-labelledby="kyc-case-decision">
      <h2 id="kyc-case-decision">Decision</h2>
      {notice ? <p role="status">{notice}</p> : null}
      {!canDecide ? (
        <p>{kase.kyc.status === 'UNDER_REVIEW' ? 'Read only: your role does not decide cases.' : 'This case is not awaiting a decision.'}</p>
      ) : awaitsSecond ? (
        <p className="kyc-case__four-eyes">{AWAITS_SECOND_REVIEWER}</p>
      ) : (
        <ChartForm
          className="kyc-case__decision"
          onSubmit={() => actor.send({ type: 'case.decide' })}
        >
          <EddApprovalNotice actor={actor} />
          <fieldset>
            <legend>Decision</legend>
            {KYC_REVIEW_DECISIONS.map((d) => (
              <label key={d}>
                <input type="radio" name="decision" value={d} checked={form.decision === d} onChange={() => actor.send({ type: 'case.form.decision', decision: d })} />
                {KYC_REVIEW_DECISION_LABELS[d]}
              </label>
            ))}
          </fieldset>
          {form.decision === 'REJECTED' ? (
            <label>
              Reason (emailed to the investor)
              <textarea value={form.reason} maxLength={2000} onChange={(e) => actor.send({ type: 'case.form.reason', value: e.target.value })} />
            </label>
          ) : null}
          {form.decision === 'RESUBMISSION_REQUESTED' ? (
            <>
              <fieldset>
                <legend>Steps to redo</legend>
                {KYC_RESUBMIT_STEPS.map((s) => (
                  <label key={s}>
                    <input type="checkbox" checked={form.steps.includes(s)} onChange={(e) => actor.send({ type: 'case.form.step', step: s, checked: e.target.checked })} />
                    {KYC_RESUBMIT_STEP_LABELS[s]}
                  </label>
                ))}
              </fieldset>
              <label>
                Message to the investor
                <textarea value={form.message} maxLength={4000} onChange={(e) => actor.send({ type: 'case.form.message', value: e.target.value })} />
              </label>
            </>
          ) : null}
          {problem ? <p role="alert" className="admin-error">{problem}</p> : null}
          <button type="submit" className="admin-button" disabled={deciding}>
            {deciding ? 'Saving…' : 'Submit decision'}
          </button>
        </ChartForm>
      )}
    </section>
  );
}
