/**
 * Rows per table of the whole schema (every table drizzle knows, so a new table is counted without a change here),
 * in one query: for tests that show a refused request wrote nothing.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const COUNTS = sql`select ${sql.join(
  TABLES.map((table) => sql`(select count(*) from ${table})::int as ${sql.identifier(getTableName(table))}`),
  sql`, `,
)}`;

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(COUNTS)) as unknown as { rows: Record<string, number>[] };
  return { ...result.rows[0] };
}

/** Is any table of the database's own schemas not WAL-logged (UNLOGGED or TEMPORARY)? Their writes leave no WAL. */
const UNLOGGED_TABLES = sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and c.relpersistence <> 'p' and n.nspname not in ('pg_catalog', 'information_schema')`;
const WAL_POSITION = sql`select pg_current_wal_insert_lsn()::text as lsn`;

/**
 * rowCounts() for a test that counts after every request (the fuzzers: thousands of them), without counting again
 * when nothing can have changed: a row inserted or deleted in a logged table always moves the WAL insert position, so
 * an unmoved position means the last counts still hold. When it moved (any write, here or, on a shared PostgreSQL,
 * by another test file) the rows are counted. With an UNLOGGED or TEMPORARY table in the database, it always counts.
 * The answers are exactly rowCounts()'s; on PGlite this skips about half the fuzzers' time.
 */
export async function rowCountsWatcher(db: Db): Promise<{ counts(): Promise<Record<string, number>> }> {
  const first = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows[0]!;
  const alwaysCount = Number(first(await db.execute(UNLOGGED_TABLES)).n) > 0;
  let seenAt: string | null = null;
  let last: Record<string, number> | null = null;
  return {
    async counts() {
      if (alwaysCount) return rowCounts(db);
      const at = String(first(await db.execute(WAL_POSITION)).lsn);
      if (last === null || at !== seenAt) {
        last = await rowCounts(db);
        // The position read BEFORE counting: a write between that read and the count moves it past `at`, so the next
        // call counts again rather than trusting counts that may predate the write.
        seenAt = at;
      }
      return { ...last };
    },
  };
}
