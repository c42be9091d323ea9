/**
 * GET /api/admin/settings: the settings in force (the KYC ones at their defaults until set), the concurrency token (the latest updated_at of their rows),
 * which keys the environment pins, and the latest history rows (one query each, the history joined to its staff).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_SETTING_KEYS,
  DEFAULT_KYC_FOUR_EYES_ABOVE_EUR,
  DEFAULT_KYC_REVIEW_TARGET_HOURS,
  SETTING_ENV_NAMES,
  type AdminSettingKey,
  type AdminSettingsResponse,
  type AdminSettingValues,
} from '../../../shared/admin/settings.ts';
import { settings, settingsHistory, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { checkSettings } from '../../../shared/investment-settings.ts';
import { asTargetHours } from './kyc-review-target.ts';

export const SETTINGS_HISTORY_LIMIT = 100;

export type StoredSettings = { values: AdminSettingValues; updatedAt: Date };

/** The rows of the four keys (locked FOR UPDATE when `lock`), checked as the investor side checks them. */
export async function readStoredSettings(db: Db, lock = false): Promise<StoredSettings> {
  const query = db.select().from(settings).where(inArray(settings.key, [...ADMIN_SETTING_KEYS]));
  const rows = lock ? await query.for('update') : await query;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const checked = checkSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  if (!checked.ok) throw new AppError('INTERNAL', checked.error);
  const fourEyes = byKey.get('kycFourEyesAboveEur');
  const values: AdminSettingValues = {
    ...checked.settings,
    kycFourEyesAboveEur: fourEyes ? Number(fourEyes.value) : DEFAULT_KYC_FOUR_EYES_ABOVE_EUR,
    kycReviewTargetHours: asTargetHours(byKey.get('kycReviewTargetHours')?.value) ?? DEFAULT_KYC_REVIEW_TARGET_HOURS,
  };
  const updatedAt = new Date(Math.max(...rows.map((r) => r.updatedAt.getTime())));
  return { values, updatedAt };
}

export function pinnedSettings(pinnedKeys: readonly string[]): Partial<Record<AdminSettingKey, string>> {
  const pinned: Partial<Record<AdminSettingKey, string>> = {};
  for (const key of ADMIN_SETTING_KEYS) {
    const name = SETTING_ENV_NAMES[key];
    if (name && pinnedKeys.includes(key)) pinned[key] = name;
  }
  return pinned;
}

export async function getAdminSettings(db: Db, pinnedKeys: readonly string[]): Promise<AdminSettingsResponse> {
  const [stored, history] = await Promise.all([
    readStoredSettings(db),
    db
      .select({
        id: settingsHistory.id,
        key: settingsHistory.key,
        oldValue: settingsHistory.oldValue,
        newValue: settingsHistory.newValue,
        source: settingsHistory.source,
        staffName: staffMembers.displayName,
        at: settingsHistory.at,
      })
      .from(settingsHistory)
      .leftJoin(staffMembers, eq(staffMembers.id, settingsHistory.staffId))
      .orderBy(desc(settingsHistory.at), desc(settingsHistory.id))
      .limit(SETTINGS_HISTORY_LIMIT),
  ]);
  return {
    values: stored.values,
    updatedAt: stored.updatedAt.toISOString(),
    pinned: pinnedSettings(pinnedKeys),
    history: history.map((h) => ({ ...h, source: h.source === 'environment' ? 'environment' : 'staff', at: h.at.toISOString() })),
  };
}
