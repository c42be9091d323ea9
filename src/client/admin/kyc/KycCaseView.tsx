/**
 * One KYC case: registration data, the disclosure reading record, the documents (shown inline: images as <img>,
 * PDFs in the document viewer, both from object URLs of the bytes), the AML answers, the review history and, for
 * compliance while the case awaits a decision, the decision form (an auditor reads only). Renders machines/admin/kyc-case.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { kycCaseMachine } from '../../../../machines/admin/kyc-case/kyc-case.machine.ts';
import {
  selectCanDecide,
  selectCase,
  selectDecisionError,
  selectDocument,
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
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import { CaseWork } from './CaseWork.tsx';
import type { KycPageProps } from './kyc-page-props.ts';
import { kycCaseActions, kycCaseEffects } from './kyc-review-effects.ts';

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
/** A reading time as a reviewer reads it: seconds under a minute (not '0 min'), else minutes. */
const readFor = (seconds: number) => (seconds < 60 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`);
const DECIDED: Record<string, string> = { APPROVED: 'Approved', REJECTED: 'Rejected', RESUBMISSION_REQUESTED: 'Resubmission requested' };
const DOCUMENT_LABELS: Record<string, string> = { identity: 'Identity document', selfie: 'Selfie', address_utility: 'Utility bill', address_bank: 'Bank statement' };

export function KycCaseView({ api, staff, navigate, userId }: KycPageProps & { userId: string }) {
  const canDecide = staff.roles.includes('compliance');
  const machine = useMemo(() => kycCaseMachine.provide({ actors: kycCaseEffects(api), actions: kycCaseActions }), [api]);
  const actor = useActorRef(machine, { input: { userId, staffId: staff.id, canDecide } });
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
      <Documents actor={actor} kase={kase} />
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
      <Decision actor={actor} kase={kase} />
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
    ['Primary jurisdiction', r.primaryJurisdiction],
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

function Documents({ actor, kase }: { actor: KycCaseActorRef; kase: KycCase }) {
  const shown = useSelector(actor, selectDocument);
  return (
    <section aria-labelledby="kyc-case-documents">
      <h2 id="kyc-case-documents">Documents</h2>
      <ul className="kyc-case__documents">
        {kase.documents.map((d) => (
          <li key={d.id} className={d.replacedAt ? 'kyc-case__document--replaced' : undefined}>
            <span>
              {DOCUMENT_LABELS[d.documentType] ?? d.documentType}: {d.originalName} ({d.sizeBytes < 1024 ? `${d.sizeBytes} bytes` : `${Math.round(d.sizeBytes / 1024)} KB`}, {d.contentType}) · uploaded {dateTime(d.uploadedAt)}
              {d.replacedAt ? ` · replaced ${dateTime(d.replacedAt)}` : ''}
            </span>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'case.document.open', documentId: d.id })}>
              View
            </button>
          </li>
        ))}
      </ul>
      {shown.loading ? <p role="status">Loading the document…</p> : null}
      {shown.error ? <p role="alert">{shown.error}</p> : null}
      {shown.open ? (
        <div className="kyc-case__viewer">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'case.document.close' })}>
            Close document
          </button>
          {shown.open.contentType.startsWith('image/') ? (
            <img src={shown.open.url} alt={`Document ${kase.documents.find((d) => d.id === shown.open?.documentId)?.originalName ?? ''}`} />
          ) : (
            <DocumentViewer url={shown.open.url} title={kase.documents.find((d) => d.id === shown.open?.documentId)?.originalName ?? 'Document'} />
          )}
        </div>
      ) : null}
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
      ) : (
        <form
          className="kyc-case__decision"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'case.decide' });
          }}
        >
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
        </form>
      )}
    </section>
  );
}
