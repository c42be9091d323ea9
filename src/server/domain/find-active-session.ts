import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';

/**
 * A live session, over `sessions s` with $1 jti, $2 the token's user, $3 now: the one condition both the session
 * check alone and the statements that check it with their own read (bearerRead, http/bearer-auth.ts) use.
 */
export const LIVE_SESSION = 's.jti = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3';

/** What a session-checked read answers when the token's session is not live (revoked, expired, another user's). */
export const NO_SESSION: unique symbol = Symbol('no live session');

export const liveSessionParams = (claims: { userId: string; jti: string }, now: Date) => [claims.jti, claims.userId, now.toISOString()];

/** Runs on every (B) call, so it is a prepared statement; the session is looked up with the token's user. */
const ACTIVE_SESSION = preparedStatement('find_active_session', `select 1 from sessions s where ${LIVE_SESSION} limit 1`, () => true);

/** True when the token's session exists for that user, is not revoked and has not expired. */
export async function findActiveSession(run: StatementRunner, claims: { userId: string; jti: string }, now: Date): Promise<boolean> {
  const rows = await run(ACTIVE_SESSION, liveSessionParams(claims, now));
  return rows.length === 1;
}
