/** 'Verify the audit trail' and its answer: unbroken with the head, or the first broken link in the error colour. */
import type { ChainPhase } from '../../../../machines/admin/audit-trail/audit-trail.selectors.ts';
import type { AuditChainReport } from '../../../shared/admin/audit.ts';
import { brokenChainText, wholeChainText } from './audit-format.ts';

type Props = { phase: ChainPhase; report: AuditChainReport | null; error: string | null; onVerify: () => void };

export function ChainCheck({ phase, report, error, onVerify }: Props) {
  const checking = phase === 'checking';
  const broken = phase === 'broken' && report ? brokenChainText(report) : null;
  return (
    <section className="audit__chain" aria-labelledby="audit-chain-title">
      <h2 id="audit-chain-title">Chain check</h2>
      <p className="audit__muted">Each event stores the hash of the one before it: an altered or deleted row breaks the chain at that row.</p>
      <button type="button" className="admin-button" disabled={checking} onClick={onVerify}>
        {checking ? 'Verifying…' : 'Verify the audit trail'}
      </button>
      <div aria-live="polite" className="audit__chain-result">
        {phase === 'whole' && report ? <p className="admin-notice audit__chain-whole">{wholeChainText(report)}</p> : null}
        {broken ? (
          <div className="admin-error audit__chain-broken" role="alert">
            <p><strong>{broken.headline}</strong></p>
            <p>{broken.detail}</p>
          </div>
        ) : null}
        {phase === 'failed' && error ? <p className="admin-error" role="alert">The check could not run: {error}</p> : null}
      </div>
    </section>
  );
}
