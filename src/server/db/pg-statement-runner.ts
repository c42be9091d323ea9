/**
 * Runs prepared statements (prepared-statement.ts) on PostgreSQL: node-postgres prepares a named query once per
 * pooled connection and reuses it. Results are asked for as text, which the statement decodes (so both drivers
 * hand the statements the same input).
 */
import type pg from 'pg';
import type { PreparedStatement, StatementParams, StatementRunner, TextRow } from './prepared-statement.ts';

/** Every column as PostgreSQL's text output: the statements decode it (no driver-specific parsing). */
const TEXT_RESULTS: pg.CustomTypesConfig = { getTypeParser: (() => (value: string) => value) as pg.CustomTypesConfig['getTypeParser'] };

export function pgStatementRunner(pool: pg.Pool): StatementRunner {
  return async <Row>(statement: PreparedStatement<Row>, params: StatementParams): Promise<Row[]> => {
    const result = await pool.query<unknown[]>({
      name: statement.name,
      text: statement.text,
      values: params,
      rowMode: 'array',
      types: TEXT_RESULTS,
    });
    return result.rows.map((row) => statement.decode(row as TextRow));
  };
}
