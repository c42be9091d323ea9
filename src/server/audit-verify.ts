/**
 * `npm run audit:verify`: checks the audit trail's hash chain from the first event (issue 16) and prints the report
 * in words; exits 0 when the chain is whole, 1 when a link is broken (naming the first), 2 when it could not check.
 * Opens the database the server uses (DATABASE_URL, or the PGlite data dir under DATA_DIR, as npm start). On PGlite
 * the data dir must not be in use: stop the server first (its lock says so), or use the auditor screen.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { systemClock } from './clock.ts';
import { acquireDataDirLock, DataDirLockedError } from './config/data-dir-lock.ts';
import { ConfigError, loadConfig, type Env } from './config/env.ts';
import { openDatabase } from './db/open-database.ts';
import { describeChainReport, verifyAuditChain } from './domain/audit/verify-audit-chain.ts';

export async function runAuditVerify(env: Env, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  try {
    const config = loadConfig(env);
    await mkdir(config.dataDir, { recursive: true });
    const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
    try {
      const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
      try {
        const report = await verifyAuditChain(database.db, systemClock.now);
        (report.ok ? out : err)(`${describeChainReport(report)}\n`);
        return report.ok ? 0 : 1;
      } finally {
        await database.close();
      }
    } finally {
      lock?.release();
    }
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError;
    err(`The audit chain was not checked. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAuditVerify(process.env, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
