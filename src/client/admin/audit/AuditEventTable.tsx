/**
 * The audit events, newest first: seq, time, action, investor, staff with role, IP, a short detail and the hash's
 * first characters. On narrow screens each row is a card (the cells carry their column's name). An investor's row
 * offers their journey. The event where the chain breaks (brokenSeq, while a broken answer is shown) is marked.
 */
import type { AuditEventRow } from '../../../shared/admin/audit.ts';
import { hashPrefix, shortDetail, utcTime } from './audit-format.ts';

type Props = { rows: AuditEventRow[]; onJourney: (userId: string) => void; brokenSeq?: number | null };

export function AuditEventTable({ rows, onJourney, brokenSeq = null }: Props) {
  return (
    <div className="audit__table-wrap">
      <table className="admin-table audit__table">
        <caption className="visually-hidden">Audit events, newest first</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Time</th>
            <th scope="col">Action</th>
            <th scope="col">Investor</th>
            <th scope="col">Staff</th>
            <th scope="col">IP</th>
            <th scope="col">Detail</th>
            <th scope="col">Hash</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.seq} className={row.seq === brokenSeq ? 'audit__row--broken' : undefined} aria-current={row.seq === brokenSeq ? 'true' : undefined}>
              <td data-label="#" className="audit__seq">{row.seq}</td>
              <td data-label="Time" className="audit__nowrap">{utcTime(row.at)}</td>
              <td data-label="Action" className="audit__code">
                {row.action}
                {row.seq === brokenSeq ? <span className="audit__broken-mark">Chain broken here</span> : null}
              </td>
              <td data-label="Investor">
                {row.userId ? (
                  <span className="audit__who">
                    <span className="audit__email">{row.investorEmail ?? row.userId}</span>
                    <button type="button" className="admin-link-button" aria-label={`Show journey of ${row.investorEmail ?? row.userId}`} onClick={() => onJourney(row.userId!)}>
                      Show journey
                    </button>
                  </span>
                ) : (
                  <span className="audit__muted">—</span>
                )}
              </td>
              <td data-label="Staff">
                {row.staffEmail ?? row.staffId ? (
                  <span className="audit__who">
                    <span className="audit__email">{row.staffEmail ?? row.staffId}</span>
                    {row.role ? <span className="audit__muted">{row.role}</span> : null}
                  </span>
                ) : (
                  <span className="audit__muted">—</span>
                )}
              </td>
              <td data-label="IP" className="audit__ip">{row.ip ?? '—'}</td>
              <td data-label="Detail" className="audit__detail">{shortDetail(row) || '—'}</td>
              <td data-label="Hash" className="audit__hash-cell" title={row.hash}>{hashPrefix(row.hash)}…</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
