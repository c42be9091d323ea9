/** PostgreSQL through a pg pool, migrated under an advisory lock. See open-database.ts. */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgStatementRunner } from './pg-statement-runner.ts';
import * as schema from './schema/index.ts';
import type { Database, Db } from './types.ts';
import { chainLegacyAuditEvents } from '../domain/audit/chain-legacy-audit-events.ts';

export type PostgresOptions = { url: string; poolSize?: number; onPoolError?: (error: Error) => void };

/** Any constant shared by every instance: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_KEY = 4_242_0001;

export async function openPostgres(options: PostgresOptions, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrating = drizzle(client, { schema });
      await migrate(migrating, { migrationsFolder });
      // Audit rows from before the hash chain: chained once, under the same lock (issue 16).
      await chainLegacyAuditEvents(migrating as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
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
