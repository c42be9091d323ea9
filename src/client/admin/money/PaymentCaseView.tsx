/**
 * One payment (issue 15): the investor, amounts, reference, receipts, refund, issuance and the history in words; for
 * finance the changes the server offers now (PaymentCaseForms.tsx). Renders the payment-case chart's snapshot: the
 * drafts, their checks and sending are the chart's (issue 29); the page gives it today and its request-id seed.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useMemo, useRef } from 'react';
import { selectDetail, selectError, selectFocus, selectNotice, selectPhase, selectWalletFacts } from '../../../../machines/admin/payment-case/payment-case.selectors.ts';
import { KYC_STATUS_LABELS, type KycStatus } from '../../../shared/kyc.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { useFieldFocus } from '../../ui/form/index.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import { When } from '../ui/When.tsx';
import { paymentCaseInput, paymentCaseMachineFor } from './money-effects.ts';
import { STATUS_SHORT, eur } from './money-format.ts';
import { IssueForm, ReceiptForm, RefundPanel } from './PaymentCaseForms.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';

export function PaymentCaseView({ api, staff, navigate, paymentId }: AdminPageProps & { paymentId: string }) {
  const machine = useMemo(() => paymentCaseMachineFor(api), [api]);
  // Read once, when the chart starts: today and the request-id seed are the page's to give (the chart has no clock).
  const input = useMemo(() => paymentCaseInput(paymentId), [paymentId]);
  const actor = useActorRef(machine, { input });
  const phase = useSelector(actor, selectPhase);
  const detail = useSelector(actor, selectDetail);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const wallets = useSelector(actor, selectWalletFacts);
  const focus = useSelector(actor, selectFocus);
  const forms = useRef<HTMLElement>(null);
  useFieldFocus(forms, focus);
  const finance = staff.roles.includes('finance');

  const back = (
    <button type="button" className="money__link" onClick={() => navigate('/payments')}>
      ← All payments
    </button>
  );
  if (phase === 'loading') return <p role="status">Loading the payment…</p>;
  if (phase === 'failed' || !detail) {
    return (
      <section className="money">
        {back}
        <p className="money__error" role="alert">
          {error}
        </p>
        <button type="button" className="money__button" onClick={() => actor.send({ type: 'case.retry' })}>
          Try again
        </button>
      </section>
    );
  }
  const p = detail.payment;
  const card = p.paymentMethod === 'CARD';
  return (
    <section className="money" aria-labelledby="case-title" ref={forms}>
      {back}
      <h1 id="case-title">
        {p.investorName ?? p.investorEmail} · {eur(p.totalAmount)}
      </h1>
      {notice ? (
        <p className="money__notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="money__error" role="alert">
          {error}
        </p>
      ) : null}
      <dl className="money__facts">
        <dt>Status</dt>
        <dd>{p.settled ? 'Settled' : STATUS_SHORT[p.paymentStatus]}</dd>
        {p.holdReason ? (
          <>
            <dt>Held because</dt>
            <dd>{p.holdReason}</dd>
          </>
        ) : null}
        <dt>Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[p.paymentMethod]}</dd>
        <dt>Started</dt>
        <dd>
          <When iso={p.createdAt} />
        </dd>
        {p.completedAt ? (
          <>
            <dt>Funds confirmed</dt>
            <dd>
              <When iso={p.completedAt} />
            </dd>
          </>
        ) : null}
        <dt>Investor</dt>
        <dd>{p.investorEmail}</dd>
        {wallets.map((w) => (
          <Fragment key={w.label}>
            <dt>{w.label}</dt>
            <dd className="money__mono">{w.address}</dd>
          </Fragment>
        ))}
        <dt>KYC</dt>
        <dd>{p.kycStatus ? (KYC_STATUS_LABELS[p.kycStatus as KycStatus] ?? p.kycStatus) : '—'}</dd>
        <dt>Amount / fee / total</dt>
        <dd>
          {eur(p.amount)} / {eur(p.processingFee)} / {eur(p.totalAmount)}
        </dd>
        {p.cryptoCurrency ? (
          <>
            <dt>Crypto</dt>
            <dd>
              {p.cryptoAmount} {p.cryptoCurrency}
            </dd>
          </>
        ) : null}
        <dt>Reference</dt>
        <dd className="money__mono">{p.paymentRef ?? '—'}</dd>
        <dt>Transaction</dt>
        <dd className="money__mono">{p.transactionId ?? '—'}</dd>
        {card ? null : (
          <>
            <dt>Received</dt>
            <dd>{eur(p.receivedTotal)}</dd>
          </>
        )}
      </dl>

      <h2>Receipts</h2>
      {detail.receipts.length === 0 ? (
        <p>{card ? 'None: a card payment is settled by the card provider.' : 'No funds recorded.'}</p>
      ) : (
        <ul className="money__history">
          {detail.receipts.map((r) => (
            <li key={r.id}>
              {r.receivedOn}: {eur(r.amount)} <span className="money__mono">{r.reference}</span>
              <span className="money__muted"> · recorded by {r.staffName ?? 'a staff member no longer listed'}, <When iso={r.recordedAt} /></span>
            </li>
          ))}
        </ul>
      )}
      {finance && detail.actions.recordReceipt ? <ReceiptForm actor={actor} detail={detail} /> : null}

      <h2>Refund</h2>
      {detail.refund ? (
        <p>
          {detail.refund.status === 'SUCCEEDED' ? 'Refunded' : 'Refund under way'}: {eur(detail.refund.amount)} ({detail.refund.reason}), <When iso={detail.refund.completedAt ?? detail.refund.createdAt} />
          {detail.refund.providerRefundId ? <span className="money__mono"> {detail.refund.providerRefundId}</span> : null}
          {detail.refund.outgoingReference ? <span className="money__mono"> {detail.refund.outgoingReference}</span> : null}
        </p>
      ) : finance && detail.actions.refund ? (
        <RefundPanel actor={actor} detail={detail} />
      ) : (
        <p>Not refundable.</p>
      )}

      <h2>Token issuance</h2>
      {detail.issuance ? (
        <p>
          {detail.issuance.tokenQuantity.toLocaleString('en-GB', { maximumFractionDigits: 6 })} tokens to <span className="money__mono">{detail.issuance.walletAddress}</span>, transaction{' '}
          <span className="money__mono">{detail.issuance.transactionHash}</span>, <When iso={detail.issuance.issuedAt} />
        </p>
      ) : finance && detail.actions.issue ? (
        <IssueForm actor={actor} />
      ) : (
        <p>Not issued.</p>
      )}

      <h2>History</h2>
      <PaymentHistory events={detail.audit} />
    </section>
  );
}
