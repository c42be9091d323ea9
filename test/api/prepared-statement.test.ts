/** Prepared statements on both drivers: a failed first run leaves the statement usable, and NULLs stay null. */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { field, preparedStatement } from '../../src/server/db/prepared-statement.ts';
import { forEachDatabase } from './harness.ts';

const ECHO_UUID = preparedStatement('test_echo_uuid', 'select $1::uuid::text, $2::text', (r) => ({ id: field.text(r[0]), note: field.textOrNull(r[1]) }));

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
});
