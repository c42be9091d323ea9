import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';

/** Runs on every (B) call, so it is a prepared statement; the session is looked up with the token's user. */
const ACTIVE_SESSION = preparedStatement(
  'find_active_session',
  'select 1 from sessions where jti = $1 and user_id = $2 and revoked_at is null and expires_at > $3 limit 1',
  () => true,
);

/** True when the token's session exists for that user, is not revoked and has not expired. */
export async function findActiveSession(run: StatementRunner, claims: { userId: string; jti: string }, now: Date): Promise<boolean> {
  const rows = await run(ACTIVE_SESSION, [claims.jti, claims.userId, now.toISOString()]);
  return rows.length === 1;
}
