/**
 * PUT /api/admin/settings: the issuer-admin changes the settings. One transaction: the settings rows are locked, the
 * caller's expectedUpdatedAt must be the latest updated_at of those rows (else 409: someone changed them since the
 * form was read, and a double click's second request is that someone), a key pinned by the environment may not
 * change (409, naming the variable), and every changed key gets its row, a settings_history row and one audit event.
 * The new updated_at is strictly after the old one even on a clock that stands still, so a token is never reused.
 */
import { ADMIN_SETTING_KEYS, SETTING_ENV_NAMES, type AdminSettingValues, type UpdateSettingsInput } from '../../../shared/admin/settings.ts';
import { settingsMessages } from '../../../shared/admin/settings-messages.ts';
import { settings, settingsHistory } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';
import { readStoredSettings } from './settings-read.ts';

export async function updateAdminSettings(
  db: Db,
  input: UpdateSettingsInput,
  pinnedKeys: readonly string[],
  ctx: StaffRequestContext,
): Promise<{ changed: (keyof AdminSettingValues)[] }> {
  return db.transaction(async (tx) => {
    const current = await readStoredSettings(tx, true);
    if (new Date(input.expectedUpdatedAt).getTime() !== current.updatedAt.getTime()) throw new AppError('CONFLICT', settingsMessages.stale);
    const next: AdminSettingValues = {
      tokenPrice: input.tokenPrice,
      minInvestment: input.minInvestment,
      maxInvestment: input.maxInvestment,
      kycFourEyesAboveEur: input.kycFourEyesAboveEur,
      kycReviewTargetHours: input.kycReviewTargetHours,
    };
    const changed = ADMIN_SETTING_KEYS.filter((key) => current.values[key] !== next[key]);
    const pinnedChanged = changed.filter((key) => pinnedKeys.includes(key));
    if (pinnedChanged.length) {
      const names = pinnedChanged.map((key) => SETTING_ENV_NAMES[key]).join(', ');
      throw new AppError('CONFLICT', settingsMessages.pinned(`${names} ${pinnedChanged.length > 1 ? 'are' : 'is'}`), { pinned: pinnedChanged });
    }
    if (changed.length === 0) return { changed };
    const at = new Date(Math.max(ctx.now.getTime(), current.updatedAt.getTime() + 1));
    for (const key of changed) {
      await tx
        .insert(settings)
        .values({ key, value: next[key], updatedAt: at })
        .onConflictDoUpdate({ target: settings.key, set: { value: next[key], updatedAt: at } });
    }
    await tx.insert(settingsHistory).values(
      changed.map((key) => ({ key, oldValue: current.values[key], newValue: next[key], staffId: ctx.staffId, source: 'staff', at })),
    );
    await recordAuditEvent(tx, {
      userId: null,
      staffId: ctx.staffId,
      action: 'admin.settings.update',
      detail: {
        role: 'issuer-admin',
        changed,
        before: Object.fromEntries(changed.map((k) => [k, current.values[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      },
      meta: ctx.meta,
      at: ctx.now,
    });
    return { changed };
  });
}
