import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { RegistrationDetailsActorRef } from '../../../../machines/registration-details/registration-details.machine.ts';
import { selectDetails, selectDetailsError, selectDetailsView } from '../../../../machines/registration-details/registration-details.selectors.ts';
import { TOKEN_UNIT } from '../../../shared/constants.ts';
import { formatEur, formatTokensSummary } from '../../../shared/format.ts';
import { messages } from '../../../shared/messages.ts';
import { jurisdictionLabel } from '../../../shared/registration.ts';
import type { UserDetails, UserStatus } from '../../../shared/user-details.ts';
import './registration-details.css';

const NP = messages.userDetails.notProvided;

const orNotProvided = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NP : String(value));
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : NP);
const STATUS_CLASS: Record<UserStatus, string> = { APPROVED: 'status--approved', REJECTED: 'status--rejected', UNDER_REVIEW: 'status--review' };

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Loaded({ d }: { d: UserDetails }) {
  const individual = d.investorType === 'INDIVIDUAL';
  const jurisdiction = d.primaryJurisdiction ? jurisdictionLabel(d.primaryJurisdiction) : null;
  return (
    <>
      <section className="details__block details__block--highlight" aria-label="Investment Commitment">
        <h3>Investment Commitment</h3>
        <dl>
          <Row label="Amount" value={typeof d.investmentAmount === 'number' ? formatEur(d.investmentAmount) : NP} />
          <Row label="Tokens" value={typeof d.tokenQuantity === 'number' ? `${formatTokensSummary(d.tokenQuantity)} ${TOKEN_UNIT}` : NP} />
          <Row label="Investor type" value={d.investorType ? d.investorType.replace(/_/g, ' ') : NP} />
          <div className="details__row">
            <dt>Status</dt>
            <dd>{d.status ? <span className={`status ${STATUS_CLASS[d.status]}`}>{d.status.replace(/_/g, ' ')}</span> : NP}</dd>
          </div>
        </dl>
      </section>
      {individual ? (
        <section className="details__block" aria-label="Personal Information">
          <h3>Personal Information</h3>
          <dl>
            <Row label="Full name" value={orNotProvided(d.fullName)} />
            <Row label="Date of birth" value={orNotProvided(d.dateOfBirth)} />
            <Row label="Nationality" value={orNotProvided(d.nationality)} />
          </dl>
        </section>
      ) : (
        <section className="details__block" aria-label="Entity Information">
          <h3>Entity Information</h3>
          <dl>
            <Row label="Entity name" value={orNotProvided(d.entityName)} />
            <Row label="Jurisdiction" value={orNotProvided(d.jurisdiction)} />
            <Row label="Authorized signatory" value={orNotProvided(d.authorizedSignatory)} />
          </dl>
        </section>
      )}
      <section className="details__block" aria-label="Contact and Wallet">
        <h3>Contact and Wallet</h3>
        <dl>
          <Row label="Email" value={orNotProvided(d.email)} />
          <Row label="Wallet address" value={orNotProvided(d.walletAddress)} />
          <Row label="Primary jurisdiction" value={orNotProvided(jurisdiction)} />
        </dl>
      </section>
      <section className="details__block" aria-label="Timeline">
        <h3>Timeline</h3>
        <dl>
          <Row label="Registered" value={formatDate(d.createdAt)} />
          <Row label="Submitted" value={formatDate(d.submittedAt)} />
          <Row label="Reviewed" value={formatDate(d.reviewedAt)} />
          <Row label="Current step" value={orNotProvided(d.currentStep)} />
          {d.rejectionReason && <Row label="Rejection reason" value={d.rejectionReason} />}
        </dl>
      </section>
    </>
  );
}

export function RegistrationDetailsModal({ actor }: { actor: RegistrationDetailsActorRef }) {
  const view = useSelector(actor, selectDetailsView);
  const details = useSelector(actor, selectDetails);
  const error = useSelector(actor, selectDetailsError);
  const dialog = useRef<HTMLDialogElement>(null);
  const open = view !== 'closed';

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const close = () => actor.send({ type: 'registrationDetails.close' });
  return (
    <dialog ref={dialog} className="details" aria-labelledby="details-title" onCancel={(e) => { e.preventDefault(); close(); }}>
      <div className="details__head">
        <h2 id="details-title">{view === 'error' ? messages.userDetails.errorTitle : 'Registration Details'}</h2>
        <button type="button" className="details__x" aria-label="Close registration details" onClick={close}>×</button>
      </div>
      {/* It scrolls on small screens: focusable, so the keyboard can scroll it too. */}
      <div className="details__body" tabIndex={0} role="group" aria-labelledby="details-title">
        {view === 'loading' && <p role="status">{messages.loading}</p>}
        {view === 'error' && (
          <div className="alert alert--danger" role="alert">{error}</div>
        )}
        {view === 'empty' && (
          <div className="details__empty">
            <p className="details__empty-title">{messages.userDetails.emptyTitle}</p>
            <p>{messages.userDetails.emptyBody}</p>
          </div>
        )}
        {view === 'loaded' && details && <Loaded d={details} />}
      </div>
      <div className="details__foot">
        {view === 'error' && <button type="button" className="btn btn--outline" onClick={() => actor.send({ type: 'registrationDetails.retry' })}>Try Again</button>}
        <button type="button" className="btn btn--primary" onClick={close}>{messages.userDetails.close}</button>
      </div>
    </dialog>
  );
}
