/**
 * PGlite's parsers are set once at create (src/server/db/pglite-parsers.ts): drizzle's queries then reach PGlite
 * without a per-query parser set (which made PGlite copy its whole parser table each time), and answer exactly what
 * they answered before: timestamps as Dates through drizzle's own column mapping, bytea as the same bytes.
 */
import { randomBytes } from 'node:crypto';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CREATE_PARSERS, DRIZZLE_PARSERS, drizzleClient, parseByteaHex, withoutInstalledParsers } from '../../src/server/db/pglite-parsers.ts';
import { bytea, tstz } from '../../src/server/db/schema/column-types.ts';
import { pgTable, text } from 'drizzle-orm/pg-core';

const sample = pgTable('parser_sample', { id: text('id').primaryKey(), at: tstz('at').notNull(), bytes: bytea('bytes').notNull() });

let plain: PGlite;
let tuned: PGlite;
beforeAll(async () => {
  [plain, tuned] = await Promise.all([PGlite.create(), PGlite.create({ parsers: CREATE_PARSERS })]);
  await tuned.exec('create table parser_sample (id text primary key, at timestamptz not null, bytes bytea not null)');
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), tuned?.close()]);
});

it('DRIZZLE_PARSERS are the parsers drizzle passes with every query: the same types, each keeping the text', () => {
  const query = new PglitePreparedQuery(tuned, 'select 1', [], { logQuery: () => undefined }, undefined as never, undefined, undefined, undefined, undefined, false);
  const { queryConfig, rawQueryConfig } = query as unknown as { queryConfig: QueryOptions; rawQueryConfig: QueryOptions };
  for (const config of [queryConfig, rawQueryConfig]) {
    const parsers = config.parsers ?? {};
    expect(Object.keys(parsers).sort()).toEqual(Object.keys(DRIZZLE_PARSERS).sort());
    for (const [type, parse] of Object.entries(parsers)) expect(parse('2024-01-02 03:04:05+00', Number(type))).toBe('2024-01-02 03:04:05+00');
    // Exactly these are dropped; another set would go through as it is.
    expect(withoutInstalledParsers(config)).toEqual({ rowMode: config.rowMode });
  }
  const other = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
  expect(withoutInstalledParsers(other)).toBe(other);
});

it('drizzle queries reach PGlite without a parser set, and answer Dates and bytes as before', async () => {
  const db = drizzle({ client: drizzleClient(tuned) as PGlite });
  const spy = vi.spyOn(tuned, 'query');
  const at = new Date('2025-06-07T08:09:10.123Z');
  const bytes = new Uint8Array(randomBytes(5000));
  try {
    await db.insert(sample).values({ id: 'a', at, bytes });
    const [row] = await db.select().from(sample);
    const inTransaction = await db.transaction(async (tx) => (await tx.select({ at: sample.at }).from(sample))[0]);
    expect(row?.at).toEqual(at);
    expect(row?.bytes).toEqual(bytes);
    expect(inTransaction?.at).toEqual(at);
    const passed = spy.mock.calls.map((call) => call[2]);
    expect(passed.length).toBeGreaterThan(0);
    for (const options of passed) expect(options?.parsers).toBeUndefined();
  } finally {
    spy.mockRestore();
  }
  // And a transaction's own query went without them too (it is not the client's query).
  const txQuery = vi.fn();
  await drizzleClient({
    transaction: (callback: (tx: unknown) => Promise<unknown>) => callback({ query: txQuery }),
  } as unknown as PGlite).transaction(async (tx) => {
    await tx.query('select 1', [], { rowMode: 'array', parsers: { ...DRIZZLE_PARSERS } });
  });
  expect(txQuery.mock.calls[0]?.[2]).toEqual({ rowMode: 'array' });
});

it('decodes bytea to the bytes PGlite\'s own parser gives, of every length', async () => {
  for (const length of [0, 1, 2, 255, 4096, 70_000]) {
    const bytes = new Uint8Array(randomBytes(length));
    const [mine, theirs] = await Promise.all(
      [tuned, plain].map(async (client) => (await client.query<{ b: Uint8Array }>('select $1::bytea as b', [bytes])).rows[0]?.b),
    );
    expect(mine).toBeInstanceOf(Uint8Array);
    expect(mine).toEqual(theirs);
    expect(mine).toEqual(bytes);
    expect(mine?.byteOffset).toBe(0);
    expect(mine?.buffer.byteLength).toBe(length);
  }
  expect(() => parseByteaHex('abc')).toThrow(/hex/);
});

it('leaves every other type to PGlite\'s own parsers', async () => {
  const query = "select 42::int4 as i, 1.5::float8 as f, true as b, '{\"a\":1}'::jsonb as j, '2024-01-02'::date as d";
  const [mine, theirs] = await Promise.all([tuned, plain].map(async (client) => (await client.query<Record<string, unknown>>(query)).rows[0]));
  expect(mine).toEqual({ ...theirs, d: '2024-01-02' });
});
