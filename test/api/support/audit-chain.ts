/**
 * Scratch databases for the audit chain's tests: each its own (a test may break its chain), on the file's backend,
 * and on PostgreSQL with the pool size a test asks for (the concurrent writers). Also a database as it was before
 * the chain's migration (the migrations before it only), for the legacy rows.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, openDatabase } from '../../../src/server/db/open-database.ts';
import type { Database, Db } from '../../../src/server/db/types.ts';
import { NO_CLIENT } from '../../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../../src/server/domain/record-audit-event.ts';
import { freshPgliteDir, freshPostgresDatabase, freshTempDir, type Backend } from './test-databases.ts';

export type Scratch = {
  database: Database;
  /** How to open it again: DATABASE_URL or the PGlite data dir's parent (DATA_DIR), as the server and the command do. */
  env: Record<string, string>;
  reopen(): Promise<Database>;
  close(): Promise<void>;
};

/** A new database of `backend`, migrated, on disk for PGlite (so a command can open it after us). */
export async function scratchDatabase(backend: Backend, options: { poolSize?: number; migrationsFolder?: string } = {}): Promise<Scratch> {
  const open = (folder?: string) => async (where: { url: string } | { dataDir: string }) => {
    if (folder) return openMigratedOnly(where, folder);
    return 'url' in where ? openDatabase({ kind: 'postgres', url: where.url, poolSize: options.poolSize ?? 4 }) : openDatabase({ kind: 'pglite', dataDir: where.dataDir });
  };
  if (backend === 'postgres') {
    const fresh = await freshPostgresDatabase();
    const database = await open(options.migrationsFolder)({ url: fresh.url });
    let current = database;
    return {
      database,
      env: { DATABASE_URL: fresh.url },
      reopen: async () => (current = await open()({ url: fresh.url })),
      close: async () => (await current.close().catch(() => undefined), await fresh.drop()),
    };
  }
  // From the run's migrated template when one is there (initdb on disk takes many seconds on a busy machine); an older
  // schema (migrationsFolder) starts from an empty cluster.
  const dir = options.migrationsFolder ? await freshTempDir() : await freshPgliteDir();
  const dataDir = join(dir.root, 'pglite');
  const database = await open(options.migrationsFolder)({ dataDir });
  let current = database;
  return {
    database,
    env: { DATA_DIR: dir.root },
    reopen: async () => (current = await open()({ dataDir })),
    close: async () => (await current.close().catch(() => undefined), await dir.remove()),
  };
}

/** Migrated with `folder` only, and nothing else run at open (no chaining): a database as an older server left it. */
export async function openMigratedOnly(where: { url: string } | { dataDir: string }, folder: string): Promise<Database> {
  if ('url' in where) {
    const pool = new pg.Pool({ connectionString: where.url, max: 2 });
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
    return { db: drizzlePg(pool) as unknown as Db, run: undefined as never, kind: 'postgres', close: () => pool.end() };
  }
  await mkdir(where.dataDir, { recursive: true });
  const client = await PGlite.create({ fs: new NodeFS(where.dataDir) });
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  return { db: drizzlePglite(client) as unknown as Db, run: undefined as never, kind: 'pglite', close: () => client.close() };
}

/** The migrations folder as it was before the audit chain: every migration before `NNNN_audit_chain`. */
export async function migrationsBeforeChain(): Promise<{ folder: string; remove(): Promise<void> }> {
  const dir = await freshTempDir();
  const folder = join(dir.root, 'migrations');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const chainIdx = journal.entries.find((e) => e.tag.endsWith('_audit_chain'))?.idx;
  if (chainIdx === undefined) throw new Error('No audit_chain migration in the journal');
  const chain = journal.entries.filter((e) => e.idx >= chainIdx);
  journal.entries = journal.entries.filter((e) => e.idx < chainIdx);
  await writeFile(journalPath, JSON.stringify(journal));
  for (const e of chain) await rm(join(folder, `${e.tag}.sql`));
  return { folder, remove: dir.remove };
}

/** `n` events, each in its own transaction, from no client. */
export async function appendEvents(database: Database, n: number, action = 'test.event', detail: (i: number) => Record<string, unknown> = (i) => ({ i })) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await recordAuditEvent(database.db, { userId: null, action, detail: detail(i), meta: NO_CLIENT, at: new Date() }));
  return out;
}
