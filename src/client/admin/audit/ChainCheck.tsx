/**
 * The chain check: the last answer the server kept (its own check at start, or the last one asked for) and, for
 * auditors and issuer admins, 'Verify the audit trail'. Unbroken with the head; or the first broken link in the error
 * colour with its event, which 'Show this event in the list' filters the list to (the list marks it).
 */
import type { ChainPhase } from '../../../../machines/admin/audit-trail/audit-trail.selectors.ts';
import type { AuditChainReport } from '../../../shared/admin/audit.ts';
import { brokenChainText, brokenEventText, chainSourceText, wholeChainText } from './audit-format.ts';

type Props = {
  phase: ChainPhase;
  report: AuditChainReport | null;
  source: 'start' | 'staff' | null;
  error: string | null;
  /** Null for staff who may read the trail but not run the check (compliance). */
  onVerify: (() => void) | null;
  onShowEvent: () => void;
};

export function ChainCheck({ phase, report, source, error, onVerify, onShowEvent }: Props) {
  const checking = phase === 'checking';
  const broken = phase === 'broken' && report ? brokenChainText(report) : null;
  const event = phase === 'broken' && report ? brokenEventText(report) : null;
  const from = (phase === 'whole' || phase === 'broken') && report ? chainSourceText(source, report) : null;
  return (
    <section className="audit__chain" aria-labelledby="audit-chain-title">
      <h2 id="audit-chain-title">Chain check</h2>
      <p className="audit__muted">Each event stores the hash of the one before it: an altered or deleted row breaks the chain at that row.</p>
      {onVerify ? (
        <button type="button" className="admin-button" disabled={checking} onClick={onVerify}>
          {checking ? 'Verifying…' : 'Verify the audit trail'}
        </button>
      ) : null}
      <div aria-live="polite" className="audit__chain-result">
        {phase === 'whole' && report ? <p className="admin-notice audit__chain-whole">{wholeChainText(report)}</p> : null}
        {broken ? (
          <div className="admin-error audit__chain-broken" role="alert">
            <p><strong>{broken.headline}</strong></p>
            <p>{broken.detail}</p>
            {event ? (
              <p className="audit__chain-event">
                <span>{event}</span>{' '}
                <button type="button" className="admin-link-button" onClick={onShowEvent}>Show this event in the list</button>
              </p>
            ) : null}
          </div>
        ) : null}
        {from ? <p className="audit__muted">{from}</p> : null}
        {phase === 'failed' && error ? <p className="admin-error" role="alert">The check could not run: {error}</p> : null}
      </div>
    </section>
  );
}
