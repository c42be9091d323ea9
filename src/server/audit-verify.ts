/**
 * `npm run audit:verify`: checks the audit trail's hash chain from the first event (issue 16) and prints the report
 * in words; exits 0 when the chain is whole, 1 when a link is broken (naming the first and its event), 2 when it could
 * not check. Opens the database the server uses (DATABASE_URL, or the PGlite data dir under DATA_DIR, ./data by
 * default, as npm start) as it is: a check never creates, initialises or migrates a database (issue 26). So a missing
 * data dir, one without a PGlite database, an empty or unmigrated PostgreSQL database, and a trail without any event
 * all exit 2, naming the folder or the database it looked at: nothing checked is never a pass.
 * On PGlite the data dir must not be in use: stop the server first (its lock says so), or use the auditor screen.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { systemClock } from './clock.ts';
import { acquireDataDirLock, DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError, loadConfig, readEnv, type Env } from './config/env.ts';
import { DatabaseNotFoundError } from './db/database-not-found.ts';
import { openDatabase } from './db/open-database.ts';
import { describePostgresUrl } from './db/open-postgres.ts';
import type { Db } from './db/types.ts';
import { describeChainReport, verifyAuditChain } from './domain/audit/verify-audit-chain.ts';

/** Why nothing was checked, in words that name where the command looked. */
class NotChecked extends Error {}

type Rows<T> = { rows: T[] };

/** The chain's tables are there (the audit_chain migration ran on this database). */
async function hasAuditChain(db: Db): Promise<boolean> {
  const result = (await db.execute(`select to_regclass('public.audit_chain_head') is not null and to_regclass('public.audit_events') is not null as present`)) as unknown as Rows<{ present: boolean }>;
  return result.rows[0]?.present === true;
}

/** Accounts whose sign-up records an event: with them, an empty trail is an emptied one. */
async function accounts(db: Db): Promise<{ investors: number; staff: number }> {
  const result = (await db.execute(
    `select (select count(*) from users)::int as investors, (select count(*) from staff_members)::int as staff`,
  )) as unknown as Rows<{ investors: number; staff: number }>;
  const row = result.rows[0];
  return { investors: Number(row?.investors ?? 0), staff: Number(row?.staff ?? 0) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function runAuditVerify(env: Env, out: (s: string) => void, err: (s: string) => void, options: { cwd?: string } = {}): Promise<number> {
  let where = '';
  try {
    const config = loadConfig(env, options.cwd);
    if (config.databaseUrl) {
      where = `the PostgreSQL database ${describePostgresUrl(config.databaseUrl)}`;
    } else {
      const from = readEnv(env, 'DATA_DIR') === undefined ? ` (DATA_DIR is not set: ./data from ${options.cwd ?? process.cwd()})` : '';
      if (!existsSync(config.dataDir)) throw new NotChecked(`There is no data directory at ${config.dataDir}${from}. Run the command with the server's DATA_DIR (or DATABASE_URL), from the server's folder.`);
      const pgliteDir = join(config.dataDir, 'pglite');
      if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new NotChecked(`There is no PGlite database in ${pgliteDir}${from}: the server never started with this DATA_DIR. Run the command with the server's DATA_DIR (or DATABASE_URL).`);
      where = `the PGlite database in ${pgliteDir}`;
    }
    const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
    try {
      const database = await openDatabase(
        config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1, existing: true } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite'), existing: true },
      );
      try {
        if (!(await hasAuditChain(database.db))) {
          throw new NotChecked(`${where} has no audit trail tables (no audit chain): the portal never started on it, or a version before the audit chain did. Nothing was migrated.`);
        }
        const report = await verifyAuditChain(database.db, systemClock.now);
        if (report.ok && report.checked === 0) {
          const { investors, staff } = await accounts(database.db);
          const held = investors + staff > 0 ? ` Yet it holds ${plural(investors, 'investor account')} and ${plural(staff, 'staff member')}, whose sign-ups record events: the trail was emptied, or this is not the database meant.` : '';
          throw new NotChecked(`The audit trail in ${where} holds no event: nothing was checked.${held}`);
        }
        (report.ok ? out : err)(`${describeChainReport(report)}\nChecked: ${where}.\n`);
        return report.ok ? 0 : 1;
      } finally {
        await database.close();
      }
    } finally {
      lock?.release();
    }
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof NotChecked || error instanceof DatabaseNotFoundError;
    const looked = where && !known ? ` Looked at ${where}.` : '';
    err(`The audit chain was not checked. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}${looked}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAuditVerify(process.env, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
