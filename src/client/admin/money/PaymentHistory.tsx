/**
 * One payment's history in words (issue 29): each recorded event as a sentence naming who acted ("Receipt recorded
 * by Ana Ruiz: EUR 1,000.00", the labels of src/shared/admin/audit-journey.ts), never its raw action code, with the
 * moment in the staff member's locale and zone. Newest first, as the server answers.
 */
import type { AdminAuditEntry } from '../../../shared/admin/money.ts';
import { auditLineOf } from '../../../shared/admin/audit-journey.ts';
import { When } from '../ui/When.tsx';

export function PaymentHistory({ events }: { events: AdminAuditEntry[] }) {
  if (events.length === 0) return <p>Nothing recorded for this payment yet.</p>;
  return (
    <ol className="money__history">
      {events.map((event, i) => (
        <li key={`${event.at}:${i}`}>
          <When iso={event.at} />: {auditLineOf(event)}
        </li>
      ))}
    </ol>
  );
}
