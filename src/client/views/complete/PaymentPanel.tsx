/**
 * The status page's payment: its method and stage, what was due, received and is still due, the reference; while a
 * bank transfer is awaited, where to send what is still due (the details and the EPC QR again); a hold and what to
 * do about it; money returned; and 'Pay again' once the payment went back while the investment can go on (the
 * case then waits on no payment: the answer's `payment` is null and its refunds say what went back).
 */
import type { InvestmentStatusResponse } from '../../../shared/investment-status.ts';
import { formatEurCents } from '../../../shared/format.ts';
import { investmentStatusWords as words } from '../../../shared/messages/investment-status-page.ts';
import { Button } from '../../ui/form/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Facts } from './Facts.tsx';

type Payment = NonNullable<InvestmentStatusResponse['payment']>;

function HoldNotice({ payment }: { payment: Payment }) {
  if (payment.stage !== 'onHold' || !payment.hold) return null;
  const hold = words.hold[payment.hold];
  return (
    <p className="status-notice" role="note">
      {typeof hold === 'function' ? hold(formatEurCents(payment.stillDueCents)) : hold}
    </p>
  );
}

function Transfer({ transfer }: { transfer: NonNullable<Payment['transfer']> }) {
  const rows: [string, string][] = [
    [words.bankName, transfer.bankName],
    [words.accountName, transfer.accountName],
    [words.accountNumber, transfer.accountNumber],
    [words.swiftBic, transfer.swiftBic],
    [words.reference, transfer.reference],
  ];
  return (
    <div className="status-transfer">
      <div>
        <h3>{words.transferHeading(formatEurCents(transfer.amountCents))}</h3>
        <Facts rows={rows.map(([label, value]) => ({ label, value: <code>{value}</code> }))} />
      </div>
      {transfer.qrImage ? <img src={transfer.qrImage} alt={words.qrAlt} width={180} height={180} /> : <p className="status-muted">{words.qrMissing}</p>}
    </div>
  );
}

export function PaymentPanel({ status, onPayAgain }: { status: InvestmentStatusResponse; onPayAgain: () => void }) {
  const { payment, refunds } = status;
  // The payment went back: the case waits on no payment, the refunds say what went back.
  const paidBack = payment === null && refunds.length > 0;
  return (
    <section className="status-card" aria-labelledby="status-payment">
      <h2 id="status-payment" className="complete__heading">
        {words.paymentHeading}
      </h2>
      {payment ? (
        <>
          <Facts
            rows={[
              { label: words.statusLabel, value: words.stage[payment.stage], valueClass: `status-stage status-stage--${payment.stage}` },
              { label: words.methodLabel, value: words.method[payment.method] },
              { label: words.total, value: formatEurCents(payment.totalCents) },
              payment.method !== 'CARD' && { label: words.received, value: formatEurCents(payment.receivedCents) },
              payment.stillDueCents > 0 && payment.stage !== 'cardPending' && { label: words.stillDue, value: <strong>{formatEurCents(payment.stillDueCents)}</strong> },
              payment.reference !== null && payment.reference !== '' && { label: words.reference, value: <code>{payment.reference}</code> },
              payment.paidAt !== null && { label: words.paidOn, value: formatDateTime(payment.paidAt) },
            ]}
          />
          <HoldNotice payment={payment} />
          {payment.transfer ? <Transfer transfer={payment.transfer} /> : null}
        </>
      ) : paidBack ? null : (
        <p>{words.noPayment}</p>
      )}
      {refunds.length > 0 ? (
        <>
          <h3>{words.refundsHeading}</h3>
          <ul className="status-refunds">
            {refunds.map((refund) => (
              <li key={`${refund.paymentId}-${refund.at}`}>{words.refundLine(formatEurCents(refund.amountCents), words.method[refund.method], formatDateTime(refund.at))}</li>
            ))}
          </ul>
        </>
      ) : null}
      {status.next.payAgain ? <Button onClick={onPayAgain}>{words.payAgain}</Button> : null}
    </section>
  );
}
