/**
 * A database of the bench's own on the local PostgreSQL server, created for one measurement and dropped after it, so
 * a bench never reads or leaves rows in a database someone else uses (`test` belongs to the API tests).
 * The server: DATABASE_URL_BENCH (BENCH_DATABASE_URL, the older name, still works), by default the maintenance
 * database of the local server; only its host, port and user are kept.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_SERVER = process.env.DATABASE_URL_BENCH ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database (g2g_bench_<pid>_<random>) on `server`, or null when it cannot be reached or refuses. */
export async function freshPostgres(server = POSTGRES_SERVER): Promise<BenchDatabase | null> {
  const name = `g2g_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        // force: a portal killed mid-run may still hold a connection.
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const POSTGRES_UNREACHABLE = `no PostgreSQL server reachable at ${POSTGRES_SERVER} (set DATABASE_URL_BENCH)`;
