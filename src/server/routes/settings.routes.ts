import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getInvestmentSettings } from '../domain/get-investment-settings.ts';

/** Public: the investment limits the registration form needs before anyone signs in. */
export function settingsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/investment-limits', async (c) => c.json(await getInvestmentSettings(db)));
}
