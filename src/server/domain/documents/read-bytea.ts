/**
 * Reads a bytea column in slices, as base64 text, for the large values the sealing job reads (an agreement's PDF, a
 * drawn signature of up to 200 KB). PGlite runs in the server's own thread and decodes a result value in JavaScript:
 * a 130 KB value held the event loop for 30-60 ms in one piece (measured in a CPU profile while 70 documents sealed),
 * and each such stall is a request that waits. In slices of SLICE_BYTES each query holds it a few milliseconds, and
 * the requests queued meanwhile run between them. On PostgreSQL it costs a few more round trips.
 */
import { eq, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/types.ts';

export const SLICE_BYTES = 16 * 1024;

/** The bytes of `column` in the row of `table` whose `idColumn` is `id`; null when there is no such row. */
export async function readBytea(db: Db, table: PgTable, column: Column, idColumn: Column, id: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ size: sql<number>`octet_length(${column})`.mapWith(Number) })
    .from(table)
    .where(eq(idColumn, id))
    .limit(1);
  if (!row) return null;
  const bytes = new Uint8Array(row.size);
  for (let offset = 0; offset < row.size; offset += SLICE_BYTES) {
    const [slice] = await db
      .select({ base64: sql<string>`encode(substring(${column} from ${offset + 1} for ${SLICE_BYTES}), 'base64')` })
      .from(table)
      .where(eq(idColumn, id))
      .limit(1);
    if (!slice) return null;
    bytes.set(Buffer.from(slice.base64, 'base64'), offset);
  }
  return bytes;
}
