/**
 * The per-client limit of document checks (VERIFY_DOCUMENT in src/shared/verify-document.ts): a ceiling on the
 * attempt counters (attempt-counters.ts), checked and counted in one locked step so parallel checks cannot all pass.
 * The window starts at a client's first check; its last allowed check blocks the client until the window ends, and a
 * refused check is not counted (nothing extends a block). No client address (an in-process call) is not limited, as
 * the counters do everywhere: one shared bucket would block everyone.
 */
import { VERIFY_DOCUMENT } from '../../../shared/verify-document.ts';
import type { Db } from '../../db/types.ts';
import { lockCounters, perClientKey, recordFailure, type CeilingPolicy } from '../attempt-counters.ts';

export const DOCUMENT_CHECKS_PER_CLIENT: CeilingPolicy = { kind: 'ceiling', limit: VERIFY_DOCUMENT.checksPerWindow, windowSeconds: VERIFY_DOCUMENT.windowSeconds };

/** Its own prefix: 'verify-client:' is the one-time codes' counter. A client is an IPv4 address or an IPv6 /64. */
export const documentCheckKey = (ip: string | null): string | null => perClientKey('document-check-client:', ip);

export type CheckAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export async function admitDocumentCheck(db: Db, ip: string | null, now: Date): Promise<CheckAdmission> {
  const key = documentCheckKey(ip);
  if (key === null) return { admitted: true };
  return db.transaction(async (tx) => {
    const blockedUntil = (await lockCounters(tx, [key])).get(key)?.blockedUntil;
    if (blockedUntil && blockedUntil.getTime() > now.getTime()) {
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)) };
    }
    await recordFailure(tx, key, DOCUMENT_CHECKS_PER_CLIENT, now);
    return { admitted: true };
  });
}
