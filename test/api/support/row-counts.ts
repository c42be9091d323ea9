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
