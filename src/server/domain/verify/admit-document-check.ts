/**
 * The per-client limit of document checks (VERIFY_DOCUMENT in src/shared/verify-document.ts): a ceiling on the
 * attempt counters (attempt-counters.ts), checked and counted in one locked step so parallel checks cannot all pass.
 * The window starts at a client's first check; its last allowed check blocks the client until the window ends, and a
 * refused check is not counted (nothing extends a block). No client address (an in-process call) is not limited, as
 * the counters do everywhere: one shared bucket would block everyone.
 */
import { VERIFY_DOCUMENT } from '../../../shared/verify-document.ts';
import type { Db } from '../../db/types.ts';
import { lockCounters, recordFailure, type CeilingPolicy } from '../attempt-counters.ts';

export const DOCUMENT_CHECKS_PER_CLIENT: CeilingPolicy = { kind: 'ceiling', limit: VERIFY_DOCUMENT.checksPerWindow, windowSeconds: VERIFY_DOCUMENT.windowSeconds };

/**
 * The client an IPv6 address belongs to is its /64: one subscriber usually holds a whole /64 and could otherwise make
 * 2^64 clients of it. IPv4 (also IPv4-mapped, '::ffff:198.51.100.7') and anything unparsable count as they are.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (!address.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(address)) return address.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Its own prefix: 'verify-client:' is the one-time codes' counter. */
export const documentCheckKey = (ip: string | null): string | null => (ip ? `document-check-client:${clientNetwork(ip)}` : null);

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
