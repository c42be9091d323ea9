/**
 * The last audit chain check this server made, kept for the auditor's screen (issue 26): the one it runs once at
 * start, in the background after it listens (a long trail is walked a page at a time and never holds up the start),
 * and each later check a staff member asks for. A broken chain found at start is logged as an error naming the
 * broken link and its event. Each instance keeps its own; close() stops a check still running.
 */
import type { AuditChainReport, AuditChainStatus, KeptChainCheck } from '../../../shared/admin/audit.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

export type ChainWatch = {
  status(): AuditChainStatus;
  keep(report: AuditChainReport, source: KeptChainCheck['source']): void;
  /** Runs the start's check in the background; the promise settles when it is over, whatever its outcome. */
  checkAtStart(deps: { db: Db; clock: Clock; log: Log }): Promise<void>;
  close(): Promise<void>;
};

export function createChainWatch(): ChainWatch {
  let last: KeptChainCheck | null = null;
  let running: { abort: AbortController; done: Promise<void> } | null = null;
  const keep = (report: AuditChainReport, source: KeptChainCheck['source']) => {
    // A check that started earlier but ends later does not replace a newer answer.
    if (!last || last.report.checkedAt <= report.checkedAt) last = { report, source };
  };
  return {
    status: () => ({ last, running: running !== null }),
    keep,
    checkAtStart({ db, clock, log }) {
      const abort = new AbortController();
      const done = (async () => {
        try {
          const report = await verifyAuditChain(db, clock.now, undefined, abort.signal);
          keep(report, 'start');
          const b = report.firstBroken;
          if (b) {
            log.error(`The audit chain is broken at event ${b.seq} (${b.kind}): ${b.message}`, { seq: b.seq, kind: b.kind, eventId: b.eventId, action: b.event?.action ?? null, checked: report.checked });
          } else if (!report.ok) {
            log.error(`The audit trail is not intact: ${report.unchained} event(s) outside the chain`, { unchained: report.unchained, checked: report.checked });
          } else if (report.checked === 0) {
            log.info('The audit trail holds no event yet: nothing to check at start');
          } else {
            log.info(`The audit chain is whole: ${report.checked} events checked at start`, { checked: report.checked, durationMs: report.durationMs });
          }
        } catch (error) {
          if (!abort.signal.aborted) log.error('The audit chain could not be checked at start', { error });
        } finally {
          running = null;
        }
      })();
      running = { abort, done };
      return done;
    },
    async close() {
      const current = running;
      if (!current) return;
      current.abort.abort();
      await current.done;
    },
  };
}
