import { inArray } from 'drizzle-orm';
import { checkSettings, type InvestmentSettings } from '../../shared/investment-settings.ts';
import { preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import type { Db } from '../db/types.ts';
import { settings } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

const SETTING_KEYS = ['tokenPrice', 'minInvestment', 'maxInvestment'] as const;

/** The stored values, checked with the same rule the browser applies. */
function checked(rows: readonly { key: string; value: unknown }[]): InvestmentSettings {
  const result = checkSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  // Seeded at start, so this means someone broke the table: a server fault, in the catalogue's words.
  if (!result.ok) throw new AppError('INTERNAL', result.error);
  return result.settings;
}

/** The investment limits in force, inside a transaction or on `db` (registration, verify, the update). */
export async function getInvestmentSettings(db: Db): Promise<InvestmentSettings> {
  return checked(await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, [...SETTING_KEYS])));
}

/**
 * The same read as a prepared statement, for the public GET /api/settings/investment-limits (the registration form,
 * and every start probe): it ran through drizzle's query builder at half the rate of the (heavier) status call.
 */
const INVESTMENT_SETTINGS = preparedStatement(
  'get_investment_settings',
  `select key, value from settings where key in (${SETTING_KEYS.map((key) => `'${key}'`).join(', ')})`,
  (row) => ({ key: row.text('key'), value: row.json('value') }),
);

export async function readInvestmentSettings(run: StatementRunner): Promise<InvestmentSettings> {
  return checked(await run(INVESTMENT_SETTINGS, []));
}

