/** Column types every area's tables share. */
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
/** Token quantities: six decimals, the precision of `tokensFor` in src/shared/rules.ts. */
export const tokens = (name: string) => numeric(name, { precision: 24, scale: 6, mode: 'number' });
