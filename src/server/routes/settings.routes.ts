import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { readInvestmentSettings } from '../domain/get-investment-settings.ts';

/** Public: the investment limits the registration form needs before anyone signs in (a prepared read). */
export function settingsRoutes({ run }: AppDeps) {
  return new Hono<AppEnv>().get('/investment-limits', async (c) => c.json(await readInvestmentSettings(run)));
}
