/** PostgreSQL through a pg pool, migrated under an advisory lock. See open-database.ts. */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgStatementRunner } from './pg-statement-runner.ts';
import * as schema from './schema/index.ts';
import { DatabaseNotFoundError } from './database-not-found.ts';
import type { Database, Db } from './types.ts';
import { chainLegacyAuditEvents } from '../domain/audit/chain-legacy-audit-events.ts';
import { deriveInvestmentCases } from '../domain/investment/derive-investment-cases.ts';

/**
 * existing: open the database as it is, for checks (audit:verify): no migrations, no advisory lock, nothing run at
 * open; a database that does not exist is a DatabaseNotFoundError naming it (never the password).
 */
export type PostgresOptions = { url: string; poolSize?: number; onPoolError?: (error: Error) => void; existing?: boolean };

/** The URL without its password: postgres://user@host:5432/name, for messages. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.search = '';
    return u.toString();
  } catch {
    return 'the DATABASE_URL database';
  }
}

/** Any constant shared by every instance: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_KEY = 4_242_0001;

async function migrateUnderLock(client: pg.PoolClient, migrationsFolder: string): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    const migrating = drizzle(client, { schema });
    await migrate(migrating, { migrationsFolder });
    // Audit rows from before the hash chain: chained once, under the same lock (issue 16).
    await chainLegacyAuditEvents(migrating as unknown as Db);
    // Each investor's case on the lifecycle chart, derived once from the rows (migration 0015, issue 27).
    await deriveInvestmentCases(migrating as unknown as Db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}

export async function openPostgres(options: PostgresOptions, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    const client = await pool.connect().catch((error: Error & { code?: string }) => {
      // 3D000: invalid_catalog_name, the database does not exist.
      if (error.code === '3D000') throw new DatabaseNotFoundError(describePostgresUrl(options.url), `No PostgreSQL database ${describePostgresUrl(options.url)}: ${error.message}.`);
      throw error;
    });
    try {
      if (!options.existing) await migrateUnderLock(client, migrationsFolder);
    } finally {
      client.release();
    }
    const db = drizzle(pool, { schema });
    return {
      db: db as unknown as Db,
      run: pgStatementRunner(pool),
      kind: 'postgres',
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
