/** Column types every area's tables share. */
import { sql, type SQL } from 'drizzle-orm';
import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** PGlite returns bytea as Uint8Array, pg as Buffer: hand out Uint8Array either way. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** EUR amounts: two decimals. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
/** Token quantities: six decimals, the precision of `tokensFor` in src/shared/registration.ts. */
export const tokens = (name: string) => numeric(name, { precision: 24, scale: 6, mode: 'number' });

/**
 * Constant text values as SQL literals, for CHECK constraints built from the code's own enumerations (so the table
 * and the code cannot disagree). Only for constants written in the code: anything but plain characters is refused.
 */
export function sqlTextList(values: readonly string[]): SQL {
  for (const value of values) if (!/^[\w .,:|/+\-^$()[\]{}]+$/.test(value)) throw new Error(`Not a plain constant for SQL: ${value}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
