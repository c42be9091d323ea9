/**
 * Prepared statements on both drivers: a failed first run leaves the statement usable, NULLs stay null, and rows
 * are read by column name: a decoder asking for a column the result does not have (or has twice) fails loudly.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { preparedStatement } from '../../src/server/db/prepared-statement.ts';
import { forEachDatabase } from './harness.ts';

const ECHO_UUID = preparedStatement('test_echo_uuid', 'select $1::uuid::text as id, $2::text as note', (row) => ({ id: row.text('id'), note: row.textOrNull('note') }));
/** Names, not positions: the select list's order does not matter to the decoder. */
const REVERSED = preparedStatement('test_reversed', "select 'b' as second, 'a' as first", (row) => [row.text('first'), row.text('second')]);
const MISSPELT = preparedStatement('test_misspelt', "select 'ada@example.com' as email", (row) => row.text('emial'));
const TWICE = preparedStatement('test_twice', 'select 1 as n, 2 as n', (row) => row.number('n'));
const NOT_NULL = preparedStatement('test_not_null', 'select null::text as email', (row) => row.text('email'));

forEachDatabase('prepared statements', (t) => {
  it('still runs after its first execution failed', async () => {
    await expect(t.database.run(ECHO_UUID, ['not-a-uuid', null])).rejects.toThrow();
    const id = randomUUID();
    expect(await t.database.run(ECHO_UUID, [id, null])).toEqual([{ id, note: null }]);
    expect(await t.database.run(ECHO_UUID, [id, 'x'])).toEqual([{ id, note: 'x' }]);
  });

  it('refuses a second statement under a name already taken', () => {
    expect(() => preparedStatement('test_echo_uuid', 'select 1', () => 1)).toThrow(/used twice/);
  });

  it('reads columns by their names', async () => {
    expect(await t.database.run(REVERSED, [])).toEqual([['a', 'b']]);
  });

  it('fails loudly when the decoder asks for a column the result does not have, every time', async () => {
    for (let i = 0; i < 2; i++) await expect(t.database.run(MISSPELT, [])).rejects.toThrow('Prepared statement test_misspelt has no column "emial"');
  });

  it('fails loudly on a name the result has twice, and on NULL in a column read as NOT NULL', async () => {
    await expect(t.database.run(TWICE, [])).rejects.toThrow('Prepared statement test_twice has several columns named "n"');
    await expect(t.database.run(NOT_NULL, [])).rejects.toThrow('Unexpected NULL in column "email" of prepared statement test_not_null');
  });
});
