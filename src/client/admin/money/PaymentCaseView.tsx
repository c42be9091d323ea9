/**
 * One payment (issue 15): the investor, amounts, reference, receipts history, refund, issuance and audit trail; for
 * finance the changes the server offers now: record a receipt, refund (with a confirm step), issue tokens. Each
 * submission carries a requestId made when it is sent (the server records it once).
 */
import { KYC_STATUS_LABELS, type KycStatus } from '../../../shared/kyc.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import { selectBusy, selectConfirmingRefund, selectDetail, selectError, selectNotice, selectPhase, selectWalletFacts } from '../../../../machines/admin/payment-case/payment-case.selectors.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import { paymentCaseMachineFor } from './money-effects.ts';
import { STATUS_SHORT, eur } from './money-format.ts';

const newRequestId = () => crypto.randomUUID();

export function PaymentCaseView({ api, staff, navigate, paymentId }: AdminPageProps & { paymentId: string }) {
  const machine = useMemo(() => paymentCaseMachineFor(api), [api]);
  const actor = useActorRef(machine, { input: { paymentId } });
  const phase = useSelector(actor, selectPhase);
  const detail = useSelector(actor, selectDetail);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectBusy);
  const confirming = useSelector(actor, selectConfirmingRefund);
  const wallets = useSelector(actor, selectWalletFacts);
  const finance = staff.roles.includes('finance');
  const [receipt, setReceipt] = useState({ amount: '', receivedOn: new Date().toISOString().slice(0, 10), reference: '' });
  const [refund, setRefund] = useState({ reason: '', outgoingReference: '' });
  const [hash, setHash] = useState('');
  // A receipt recorded: the form empties, so the same bank reference is not sent twice by mistake.
  const receiptCount = detail?.receipts.length ?? 0;
  useEffect(() => setReceipt((r) => ({ ...r, amount: '', reference: '' })), [receiptCount]);

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
  const sendReceipt = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'case.receipt', input: { requestId: newRequestId(), amount: Number(receipt.amount), receivedOn: receipt.receivedOn, reference: receipt.reference } });
  };
  const sendRefund = () =>
    actor.send({
      type: 'case.refund.confirm',
      input: { requestId: newRequestId(), reason: refund.reason, ...(card ? {} : { outgoingReference: refund.outgoingReference }) },
    });
  const sendIssue = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'case.issue', input: { requestId: newRequestId(), transactionHash: hash } });
  };

  return (
    <section className="money" aria-labelledby="case-title">
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
            </li>
          ))}
        </ul>
      )}
      {finance && detail.actions.recordReceipt ? (
        <form className="money__form" onSubmit={sendReceipt} aria-label="Record funds received">
          <label>
            Amount received (EUR)
            <input required inputMode="decimal" value={receipt.amount} onChange={(e) => setReceipt({ ...receipt, amount: e.target.value })} />
          </label>
          <label>
            Received on
            <input required type="date" value={receipt.receivedOn} onChange={(e) => setReceipt({ ...receipt, receivedOn: e.target.value })} />
          </label>
          <label>
            {p.paymentMethod === 'CRYPTO' ? 'Transaction hash' : 'Bank reference'}
            <input required maxLength={140} value={receipt.reference} onChange={(e) => setReceipt({ ...receipt, reference: e.target.value })} />
          </label>
          <button type="submit" className="money__button" disabled={busy}>
            Record receipt
          </button>
        </form>
      ) : null}

      <h2>Refund</h2>
      {detail.refund ? (
        <p>
          {detail.refund.status === 'SUCCEEDED' ? 'Refunded' : 'Refund under way'}: {eur(detail.refund.amount)} ({detail.refund.reason})
          {detail.refund.providerRefundId ? <span className="money__mono"> {detail.refund.providerRefundId}</span> : null}
          {detail.refund.outgoingReference ? <span className="money__mono"> {detail.refund.outgoingReference}</span> : null}
        </p>
      ) : finance && detail.actions.refund ? (
        confirming ? (
          <div className="money__form" role="group" aria-label="Confirm the refund">
            <p className="money__question">{card ? `Refund ${eur(p.totalAmount)} to the investor's card?` : `Record that ${eur(p.receivedTotal)} was sent back?`}</p>
            <label>
              Reason
              <input required maxLength={500} value={refund.reason} onChange={(e) => setRefund({ ...refund, reason: e.target.value })} />
            </label>
            {card ? null : (
              <label>
                Outgoing transfer reference
                <input required maxLength={140} value={refund.outgoingReference} onChange={(e) => setRefund({ ...refund, outgoingReference: e.target.value })} />
              </label>
            )}
            <button type="button" className="money__button money__button--danger" disabled={busy || refund.reason.trim() === ''} onClick={sendRefund}>
              Confirm refund
            </button>
            <button type="button" className="money__button money__button--secondary" disabled={busy} onClick={() => actor.send({ type: 'case.refund.cancel' })}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="money__button money__button--danger" disabled={busy} onClick={() => actor.send({ type: 'case.refund.ask' })}>
            Refund…
          </button>
        )
      ) : (
        <p>Not refundable.</p>
      )}

      <h2>Token issuance</h2>
      {detail.issuance ? (
        <p>
          {detail.issuance.tokenQuantity.toLocaleString('en-GB', { maximumFractionDigits: 6 })} tokens to <span className="money__mono">{detail.issuance.walletAddress}</span>, transaction{' '}
          <span className="money__mono">{detail.issuance.transactionHash}</span>
        </p>
      ) : finance && detail.actions.issue ? (
        <form className="money__form" onSubmit={sendIssue} aria-label="Record token issuance">
          <label>
            Issuance transaction hash
            <input required pattern="0x[0-9a-fA-F]{64}" value={hash} onChange={(e) => setHash(e.target.value.trim())} />
          </label>
          <button type="submit" className="money__button" disabled={busy}>
            Record issuance
          </button>
        </form>
      ) : (
        <p>Not issued.</p>
      )}

      <h2>History</h2>
      <ul className="money__history">
        {detail.audit.map((a, i) => (
          <li key={i}>
            {new Date(a.at).toLocaleString('en-GB')}: {a.action}
          </li>
        ))}
      </ul>
    </section>
  );
}
