import { inArray } from 'drizzle-orm';
import { checkSettings, type InvestmentSettings } from '../../shared/investment-settings.ts';
import type { Db } from '../db/types.ts';
import { settings } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

const SETTING_KEYS = ['tokenPrice', 'minInvestment', 'maxInvestment'] as const;

/** The investment limits in force, checked with the same rule the browser applies. */
export async function getInvestmentSettings(db: Db): Promise<InvestmentSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, [...SETTING_KEYS]));
  const checked = checkSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  // Seeded at start, so this means someone broke the table: a server fault, in the catalogue's words.
  if (!checked.ok) throw new AppError('INTERNAL', checked.error);
  return checked.settings;
}
