/**
 * The issuer's settings in the back-office (issue 15), under /api/admin/settings.
 *   GET /   the settings, the concurrency token (updatedAt), keys pinned by the environment, the history
 *   PUT /   {tokenPrice, minInvestment, maxInvestment, kycFourEyesAboveEur, kycReviewTargetHours, expectedUpdatedAt} (issuer-admin)
 */
import { Hono } from 'hono';
import { settingsMessages } from '../../../shared/admin/settings-messages.ts';
import { UpdateSettingsSchema } from '../../../shared/admin/settings.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { getAdminSettings } from '../../domain/admin/settings-read.ts';
import { updateAdminSettings } from '../../domain/admin/settings-update.ts';
import { readJson } from '../../http/read-json.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';

export function settingsAdminRoutes(deps: AppDeps) {
  const { db } = deps;
  const issuerAdmin = staffAuth(deps, ROLES.issuerAdmin);
  const pinned = deps.config.settingsPinnedByEnvironment ?? [];
  return new Hono<AppEnv>()
    .get('/', issuerAdmin, async (c) => c.json(await getAdminSettings(db, pinned)))
    .put('/', issuerAdmin, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const input = await readJson(c, UpdateSettingsSchema, { fallback: settingsMessages.invalid });
      await updateAdminSettings(db, input, pinned, ctx);
      return c.json(await getAdminSettings(db, pinned));
    });
}
