/**
 * Runs prepared statements (prepared-statement.ts) on PostgreSQL: node-postgres prepares a named query once per
 * pooled connection and reuses it. Results are asked for as text, which the statement decodes (so both drivers
 * hand the statements the same input); the column names of the first result resolve the statement's ColumnIndex.
 */
import type pg from 'pg';
import { ColumnIndex, decodeRows, type PreparedStatement, type StatementParams, type StatementRunner, type TextRow } from './prepared-statement.ts';

/** Every column as PostgreSQL's text output: the statements decode it (no driver-specific parsing). */
const TEXT_RESULTS: pg.CustomTypesConfig = { getTypeParser: (() => (value: string) => value) as pg.CustomTypesConfig['getTypeParser'] };

export function pgStatementRunner(pool: pg.Pool): StatementRunner {
  // The same text gives the same columns on every connection: one index per statement.
  const indexes = new Map<string, ColumnIndex>();
  return async <Row>(statement: PreparedStatement<Row>, params: StatementParams): Promise<Row[]> => {
    const result = await pool.query<unknown[]>({
      name: statement.name,
      text: statement.text,
      values: params,
      rowMode: 'array',
      types: TEXT_RESULTS,
    });
    let columns = indexes.get(statement.name);
    if (!columns) {
      columns = new ColumnIndex(statement.name, result.fields.map((field) => field.name));
      indexes.set(statement.name, columns);
    }
    return decodeRows(statement, columns, result.rows as TextRow[]);
  };
}
