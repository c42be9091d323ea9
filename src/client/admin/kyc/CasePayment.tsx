/**
 * The investor's payment state beside the KYC decision (issue 29): the latest payment's method, stage, amount and
 * what has been received, and a link to the investor's audit timeline (the audit page filtered to them).
 */
import type { KycCase } from '../../../shared/admin/kyc-review.ts';
import { formatEur } from '../../../shared/format.ts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../shared/payment-status.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { When } from '../ui/When.tsx';

/** The stage as staff read it (the investor's label for a held payment speaks to the investor). */
const stageLabel = (status: PaymentStatus) => (status === 'ON_HOLD' ? 'On hold (the amount received differs, or paid twice)' : PAYMENT_STATUS_LABELS[status]);

/** The audit page's address for one investor's events (it reads `investor` from the query). */
export const auditTimelinePath = (userId: string) => `/audit?investor=${encodeURIComponent(userId)}`;

export function CasePayment({ kase, navigate }: { kase: KycCase; navigate: (location: string) => void }) {
  const p = kase.payment;
  const timeline = auditTimelinePath(kase.userId);
  return (
    <section aria-labelledby="kyc-case-payment" className="kyc-case__payment">
      <h2 id="kyc-case-payment">Payment</h2>
      {p ? (
        <dl className="kyc-case__facts">
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[p.method]}</dd>
          <dt>Stage</dt>
          <dd>{stageLabel(p.status)}</dd>
          <dt>Amount</dt>
          <dd>
            {formatEur(p.amount)}
            {p.totalAmount !== p.amount ? ` (${formatEur(p.totalAmount)} with fees)` : ''}
          </dd>
          <dt>Received</dt>
          <dd>{p.status === 'COMPLETED' && p.received === 0 ? 'Confirmed by the card provider' : formatEur(p.received)}</dd>
          <dt>Started</dt>
          <dd>
            <When iso={p.createdAt} />
          </dd>
        </dl>
      ) : (
        <p>No payment yet.</p>
      )}
      <p>
        <a
          href={`/admin${timeline}`}
          onClick={(e) => {
            e.preventDefault();
            navigate(timeline);
          }}
        >
          This investor’s audit timeline
        </a>
      </p>
    </section>
  );
}
