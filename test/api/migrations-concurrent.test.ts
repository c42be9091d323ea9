/**
 * Several instances starting together on one fresh PostgreSQL database (PostgreSQL only: PGlite is one process's
 * database). open-postgres.ts migrates under an advisory lock: every start must succeed, the drizzle journal must
 * hold each migration exactly once, and the audit chain's legacy step must chain the old rows once (seq 1..n, no
 * row twice, the head on the last one).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/open-database.ts';
import { openPostgres } from '../../src/server/db/open-postgres.ts';
import { auditChainHead, auditEvents } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { migrationsBeforeChain } from './support/audit-chain.ts';
import { freshPostgresDatabase, undoAfterEach } from './support/test-databases.ts';

const STARTS = 4;

type Journal = { entries: { idx: number; tag: string; when: number }[] };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations under simultaneous starts [postgres]', () => {
  const { later } = undoAfterEach();

  /** `n` starts at once on `url`, each with its own small pool, as separate instances would. */
  async function startTogether(url: string, n: number): Promise<Database[]> {
    const outcomes = await Promise.allSettled(Array.from({ length: n }, () => openPostgres({ url, poolSize: 2 }, MIGRATIONS_FOLDER)));
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') later(() => outcome.value.close());
    const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    return outcomes.map((o) => (o as PromiseFulfilledResult<Database>).value);
  }

  async function expectJournalOnce(database: Database) {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
    const applied = rowsOf<{ hash: string; created_at: string }>(await database.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`));
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
    expect(applied.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));
  }

  it(`${STARTS} starts on an empty database: all succeed, each migration is recorded once`, async () => {
    const fresh = await freshPostgresDatabase();
    later(fresh.drop);
    const databases = await startTogether(fresh.url, STARTS);
    await expectJournalOnce(databases[0]!);
    // Every instance can use the schema at once.
    for (const database of databases) expect(rowsOf(await database.db.execute(sql`select count(*) from audit_chain_head`))).toHaveLength(1);
  }, 60_000);

  it(`${STARTS} starts on a database from before the audit chain: the legacy rows are chained once`, async () => {
    const fresh = await freshPostgresDatabase();
    later(fresh.drop);
    const before = await migrationsBeforeChain();
    later(before.remove);
    // The schema as it was before the chain (openPostgres would chain at once), with audit rows written then.
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const legacy = Array.from({ length: 25 }, (_, i) => ({ id: randomUUID(), at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(), action: `legacy.${i}` }));
    let existing: number;
    try {
      await migrate(drizzle(client), { migrationsFolder: before.folder });
      for (const row of legacy) {
        await client.query(`insert into audit_events (id, action, detail, at) values ($1::uuid, $2, '{}'::jsonb, $3::timestamptz)`, [row.id, row.action, row.at]);
      }
      existing = Number((await client.query<{ n: string }>('select count(*) as n from audit_events')).rows[0]!.n);
    } finally {
      await client.end();
    }

    const databases = await startTogether(fresh.url, STARTS);
    const database = databases[0]!;
    await expectJournalOnce(database);
    const rows = await database.db.select({ seq: auditEvents.seq, action: auditEvents.action }).from(auditEvents).orderBy(asc(auditEvents.seq));
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: existing }, (_, i) => i + 1));
    expect(rows.filter((r) => r.action.startsWith('legacy.')).map((r) => r.action)).toEqual(legacy.map((l) => l.action));
    const [head] = await database.db.select().from(auditChainHead);
    expect(Number(head!.seq)).toBe(existing);
    expect(await verifyAuditChain(database.db, () => new Date())).toMatchObject({ ok: true, checked: existing, unchained: 0 });
  }, 60_000);
});
