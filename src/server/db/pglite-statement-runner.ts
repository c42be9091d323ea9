/**
 * Runs prepared statements (prepared-statement.ts) on PGlite. A statement is parsed and described once under its
 * name (the description gives its column names); then every call sends Bind + Execute + Sync as ONE protocol
 * message (PGlite's `query()` makes six calls into the WebAssembly for Parse, Describe, Bind, Describe, Execute,
 * Sync) and reads PostgreSQL's text output, which the statement decodes. It runs under PGlite's own transaction and
 * query locks, exactly as `query()` does, so it never lands inside another caller's open transaction.
 */
import { messages, protocol, type PGlite } from '@electric-sql/pglite';
import { ColumnIndex, decodeRows, type PreparedStatement, type StatementParams, type StatementRunner, type TextRow } from './prepared-statement.ts';

export function pgliteStatementRunner(client: PGlite): StatementRunner {
  const parsed = new Map<string, ColumnIndex>();
  const encoder = protocol.serialize;
  const sync = encoder.sync();

  const parse = async (statement: PreparedStatement<unknown>): Promise<ColumnIndex> => {
    const replies = await client.execProtocolStream(
      concat([encoder.parse({ name: statement.name, text: statement.text, types: [] }), encoder.describe({ type: 'S', name: statement.name }), sync]),
    );
    const description = replies.find((message) => message instanceof messages.RowDescriptionMessage);
    return new ColumnIndex(statement.name, description?.fields.map((field) => field.name) ?? []);
  };

  return <Row>(statement: PreparedStatement<Row>, params: StatementParams): Promise<Row[]> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let columns = parsed.get(statement.name);
        if (!columns) {
          // On its own: a named statement outlives a failed Bind or Execute, so it is recorded only once it exists.
          columns = await parse(statement);
          parsed.set(statement.name, columns);
        }
        // On an error PostgreSQL skips to the Sync and answers ReadyForQuery; execProtocolStream then throws.
        const replies = await client.execProtocolStream(concat([encoder.bind({ statement: statement.name, values: params }), encoder.execute({}), sync]));
        const rows: TextRow[] = [];
        for (const message of replies) {
          if (message instanceof messages.DataRowMessage) rows.push(message.fields);
        }
        return decodeRows(statement, columns, rows);
      }),
    );
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
