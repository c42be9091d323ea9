/**
 * The finance page (issue 15, '/payments', finance and auditors): the payment list with its filters, Load more and
 * the CSV exports; '/payments/<id>' is one payment (PaymentCaseView). The decisions and the filter form's draft are
 * the charts' (machines/admin/payments, machines/admin/payment-case); this renders their snapshots.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectCanLoadMore,
  selectDraft,
  selectError,
  selectExporting,
  selectLoadingMore,
  selectPayments,
  selectPhase,
} from '../../../../machines/admin/payments/payments.selectors.ts';
import type { PaymentFilters } from '../../../../machines/admin/payments/payments.types.ts';
import { PAYMENT_FILTER_METHODS, PAYMENT_FILTER_STATUSES, type AdminPaymentSummary } from '../../../shared/admin/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import type { SaveFile } from '../../runtime/save-file.ts';
import { paymentsMachineFor } from './money-effects.ts';
import { STATUS_SHORT, eur } from './money-format.ts';
import { PaymentCaseView } from './PaymentCaseView.tsx';
import './money.css';
import { ChartForm } from '../../ui/form/index.ts';


export default function PaymentsPage(props: AdminPageProps & { save?: SaveFile }) {
  const id = props.subPath.replace(/^\//, '').split('/')[0] ?? '';
  if (id) return <PaymentCaseView key={id} paymentId={id} {...props} />;
  return <PaymentList {...props} />;
}

function PaymentList({ api, navigate, save }: AdminPageProps & { save?: SaveFile }) {
  const machine = useMemo(() => paymentsMachineFor(api, save), [api, save]);
  const actor = useActorRef(machine);
  const phase = useSelector(actor, selectPhase);
  const payments = useSelector(actor, selectPayments);
  const draft = useSelector(actor, selectDraft);
  const error = useSelector(actor, selectError);
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const exporting = useSelector(actor, selectExporting);
  const edit = (field: keyof PaymentFilters) => (e: { target: { value: string } }) => actor.send({ type: 'payments.draft', field, value: e.target.value });

  return (
    <section className="money" aria-labelledby="money-title">
      <header className="money__header">
        <h1 id="money-title">Payments</h1>
        <div className="money__exports">
          <button type="button" className="money__button money__button--secondary" disabled={exporting} onClick={() => actor.send({ type: 'payments.export', kind: 'payments' })}>
            Download payments CSV
          </button>
          <button type="button" className="money__button money__button--secondary" disabled={exporting} onClick={() => actor.send({ type: 'payments.export', kind: 'issuances' })}>
            Download issuances CSV
          </button>
        </div>
      </header>
      <ChartForm
        className="money__filters"
        role="search"
        onSubmit={() => actor.send({ type: 'payments.apply' })}
      >
        <label>
          Status
          <select value={draft.status} onChange={edit('status')}>
            <option value="">Any status</option>
            {PAYMENT_FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_SHORT[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select value={draft.method} onChange={edit('method')}>
            <option value="">Any method</option>
            {PAYMENT_FILTER_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input type="search" value={draft.q} maxLength={100} placeholder="Email, name or reference" onChange={edit('q')} />
        </label>
        <button type="submit" className="money__button">
          Apply
        </button>
      </ChartForm>
      {error ? (
        <p className="money__error" role="alert">
          {error}
        </p>
      ) : null}
      {phase === 'loading' ? <p role="status">Loading payments…</p> : null}
      {phase === 'failed' ? (
        <button type="button" className="money__button" onClick={() => actor.send({ type: 'payments.retry' })}>
          Try again
        </button>
      ) : null}
      {phase === 'listed' && payments.length === 0 ? <p>No payments match these filters.</p> : null}
      {phase === 'listed' && payments.length > 0 ? (
        <ul className="money__list">
          {payments.map((p) => (
            <PaymentItem key={p.id} payment={p} open={() => navigate(`/payments/${p.id}`)} />
          ))}
        </ul>
      ) : null}
      {canLoadMore || loadingMore ? (
        <button type="button" className="money__button money__button--secondary" disabled={loadingMore} onClick={() => actor.send({ type: 'payments.more' })}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}

function PaymentItem({ payment: p, open }: { payment: AdminPaymentSummary; open: () => void }) {
  const notes = [p.receiptCount > 0 ? `Received ${eur(p.receivedTotal)}` : '', p.refund ? 'Refunded' : '', p.issued ? 'Tokens issued' : ''].filter(Boolean).join(' · ');
  return (
    <li className="money__item">
      <button type="button" className="money__row" onClick={open}>
        <span className="money__who">
          <strong>{p.investorName ?? p.investorEmail}</strong>
          <span className="money__muted">{p.investorEmail}</span>
        </span>
        <span>{PAYMENT_METHOD_LABELS[p.paymentMethod]}</span>
        <span className={`money__status money__status--${p.paymentStatus.toLowerCase()}`}>{p.settled ? 'Settled' : STATUS_SHORT[p.paymentStatus]}</span>
        <span className="money__amount">{eur(p.totalAmount)}</span>
        {notes ? <span className="money__muted">{notes}</span> : null}
      </button>
    </li>
  );
}
