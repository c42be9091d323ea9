/** The embedded database: PGlite in a data dir (or in memory for tests), migrated. See open-database.ts. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { CREATE_PARSERS, drizzleClient } from './pglite-parsers.ts';
import { pgliteStatementRunner } from './pglite-statement-runner.ts';
import * as schema from './schema/index.ts';
import { DatabaseNotFoundError } from './database-not-found.ts';
import type { Database, Db } from './types.ts';
import { chainLegacyAuditEvents } from '../domain/audit/chain-legacy-audit-events.ts';
import { deriveInvestmentCases } from '../domain/investment/derive-investment-cases.ts';

/**
 * existing: open only a cluster already in dataDir, as it is: no initdb (a dir without PG_VERSION is refused with
 * DatabaseNotFoundError, before anything is written), no migrations, nothing run at open. For checks (audit:verify).
 */
export type PgliteOptions = { dataDir: string | null; loadDataDir?: Blob; existing?: boolean };

type PostgresModule = Parameters<NodeFS['init']>[1];
type SetAttr = (target: unknown, attr: { mode?: number | null }) => unknown;
const OPEN_TO_OTHERS = 0o077;

/**
 * Emscripten's NODEFS creates each file and then chmods it to the mode postgres asked for, 0666 in PGlite's build,
 * whatever the process umask: 968 of the 1,061 files of a data dir were 0666, WAL included. Every mode it sets here
 * loses its group and other bits (the directories already follow the umask, see config/data-dir-permissions.ts).
 * Fails loudly should a PGlite release move the hook, rather than write open files.
 */
function ownerOnlyModes(mod: PostgresModule): void {
  const nodefs = (mod as unknown as { NODEFS?: { node_ops?: { setattr?: SetAttr }; stream_ops?: { setattr?: SetAttr } } }).NODEFS;
  for (const ops of [nodefs?.node_ops, nodefs?.stream_ops]) {
    const setattr = ops?.setattr;
    if (!ops || typeof setattr !== 'function') throw new Error('PGlite: emscripten NODEFS has no setattr to keep the data dir private');
    ops.setattr = (target, attr) => setattr.call(ops, target, attr.mode == null ? attr : { ...attr, mode: attr.mode & ~OPEN_TO_OTHERS });
  }
}

/** PGlite's own NodeFS mount of the data dir, with ownerOnlyModes installed before it. */
class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnlyModes, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

export async function openPglite(options: PgliteOptions, migrationsFolder: string): Promise<Database> {
  if (options.existing && (!options.dataDir || !existsSync(join(options.dataDir, 'PG_VERSION')))) {
    throw new DatabaseNotFoundError(options.dataDir ?? 'memory', `No PGlite database in ${options.dataDir ?? 'memory'} (no PG_VERSION there).`);
  }
  if (options.dataDir && !options.existing) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { fs: new PrivateNodeFS(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // drizzle's parsers once here, instead of a copy of PGlite's whole table per query; bytea natively (pglite-parsers.ts).
    parsers: CREATE_PARSERS,
  });
  try {
    const db = drizzle({ client: drizzleClient(client) as PGlite, schema });
    if (!options.existing) {
      await migrate(db, { migrationsFolder });
      // Audit rows from before the hash chain: chained once, before anything else writes (issue 16).
      await chainLegacyAuditEvents(db as unknown as Db);
      // Each investor's case on the lifecycle chart, derived once from the rows (migration 0015, issue 27).
      await deriveInvestmentCases(db as unknown as Db);
    }
    return { db: db as unknown as Db, run: pgliteStatementRunner(client), kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
