import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { StatementRunner } from './prepared-statement.ts';
import type * as schema from './schema/index.ts';

/** The database handle domain functions take: PGlite and PostgreSQL (pg) drizzle instances, or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** A connection pool's counts at this moment (pg.Pool's totalCount, idleCount, waitingCount), for the metrics. */
export type ConnectionCounts = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  /** Prepared statements on the same connection(s) as `db`: the hot read paths. */
  run: StatementRunner;
  kind: DatabaseKind;
  /** PostgreSQL's pool counts; absent for PGlite, which is one connection whose queries queue. */
  connections?: () => ConnectionCounts;
  close(): Promise<void>;
};
