/**
 * The database schema, one source for PGlite and PostgreSQL, one file per area. Migrations are generated from it:
 *   npm run db:generate   (drizzle-kit generate --config src/server/db/drizzle.config.ts)
 * Never edit a generated migration; change the area's file and generate a new one.
 *
 * Conventions: uuid ids, timestamps with time zone, money and token amounts as numeric (returned as JS numbers
 * by `mode: 'number'`), enumerations as text guarded by CHECK constraints (cheaper to extend than pg enums).
 */
export * from './assets.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './disclosure.ts';
export * from './investment.ts';
export * from './investment-case.ts';
export * from './investment-statement.ts';
export * from './jobs.ts';
export * from './kyc.ts';
export * from './kyc-review.ts';
export * from './kyc-case-work.ts';
export * from './kyc-checks.ts';
export * from './legal.ts';
export * from './money.ts';
export * from './registration.ts';
export * from './settings.ts';
export * from './settings-history.ts';
export * from './staff.ts';
export * from './storage.ts';
