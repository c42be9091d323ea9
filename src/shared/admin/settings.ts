/**
 * The issuer's settings in the back-office (issue 15): the investment limits (token price, minimum, maximum: spec
 * section 5), the KYC four-eyes threshold and the KYC review's target time (issue 29), with their history. Env overrides (TOKEN_PRICE, MIN_INVESTMENT,
 * MAX_INVESTMENT) pin a value: it is applied at every start, so the back-office shows it and refuses to change it.
 */
import * as v from 'valibot';
import { settingsMessages } from './settings-messages.ts';

export const ADMIN_SETTING_KEYS = ['tokenPrice', 'minInvestment', 'maxInvestment', 'kycFourEyesAboveEur', 'kycReviewTargetHours'] as const;
export type AdminSettingKey = (typeof ADMIN_SETTING_KEYS)[number];

/** The environment variable that pins each key (the KYC ones have none). */
export const SETTING_ENV_NAMES: Partial<Record<AdminSettingKey, string>> = {
  tokenPrice: 'TOKEN_PRICE',
  minInvestment: 'MIN_INVESTMENT',
  maxInvestment: 'MAX_INVESTMENT',
};

export const SETTING_LABELS: Record<AdminSettingKey, string> = {
  tokenPrice: 'Token price (EUR)',
  minInvestment: 'Minimum investment (EUR)',
  maxInvestment: 'Maximum investment (EUR)',
  kycFourEyesAboveEur: 'KYC four-eyes above (EUR)',
  kycReviewTargetHours: 'KYC review target (hours)',
};

/** The KYC four-eyes threshold (EUR) until an issuer admin sets one: the review and this page use the same. */
export const DEFAULT_KYC_FOUR_EYES_ABOVE_EUR = 100_000;
/**
 * How long a submitted KYC case may wait for its decision (hours) until an issuer admin sets another: past it the
 * queue marks the case overdue. Whole hours, from one hour to a year.
 */
export const DEFAULT_KYC_REVIEW_TARGET_HOURS = 48;
export const MAX_KYC_REVIEW_TARGET_HOURS = 8760;
/** The env overrides' upper bound (config/env.ts MAX_AMOUNT). */
export const MAX_SETTING_AMOUNT = 1_000_000_000;

export const AdminSettingValuesSchema = v.object({
  tokenPrice: v.number(),
  minInvestment: v.number(),
  maxInvestment: v.number(),
  kycFourEyesAboveEur: v.number(),
  kycReviewTargetHours: v.number(),
}) satisfies v.GenericSchema<unknown, Record<AdminSettingKey, number>>;
export type AdminSettingValues = Record<AdminSettingKey, number>;

export const SettingsHistoryEntrySchema = v.object({
  id: v.string(),
  key: v.string(),
  oldValue: v.unknown(),
  newValue: v.unknown(),
  source: v.picklist(['staff', 'environment']),
  staffName: v.nullable(v.string()),
  at: v.string(),
});
export type SettingsHistoryEntry = v.InferOutput<typeof SettingsHistoryEntrySchema>;

/** GET and PUT /api/admin/settings. */
export const AdminSettingsResponseSchema = v.object({
  values: AdminSettingValuesSchema,
  /** The concurrency token: send it back as expectedUpdatedAt. */
  updatedAt: v.string(),
  /** Keys pinned by the environment, with the variable's name. */
  pinned: v.object({
    tokenPrice: v.optional(v.string()),
    minInvestment: v.optional(v.string()),
    maxInvestment: v.optional(v.string()),
    kycFourEyesAboveEur: v.optional(v.string()),
    kycReviewTargetHours: v.optional(v.string()),
  }),
  history: v.array(SettingsHistoryEntrySchema),
});
export type AdminSettingsResponse = v.InferOutput<typeof AdminSettingsResponseSchema>;

const decimals = (n: number, places: number) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;
const amount = (places: number) =>
  v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(MAX_SETTING_AMOUNT), v.check((n) => decimals(n, places)));

/** The review target: whole hours, 1 to MAX_KYC_REVIEW_TARGET_HOURS (the page checks a draft with the same rule). */
export const kycReviewTargetHours = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_KYC_REVIEW_TARGET_HOURS));

export const UpdateSettingsSchema = v.pipe(
  v.strictObject({
    tokenPrice: amount(6),
    minInvestment: amount(2),
    maxInvestment: amount(2),
    kycFourEyesAboveEur: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_SETTING_AMOUNT), v.check((n) => decimals(n, 2))),
    kycReviewTargetHours: kycReviewTargetHours(),
    expectedUpdatedAt: v.pipe(v.string(), v.maxLength(40), v.isoTimestamp()),
  }),
  v.check((s) => s.maxInvestment > s.minInvestment),
);
export type UpdateSettingsInput = v.InferOutput<typeof UpdateSettingsSchema>;

/** null when the server would take `values`; else why not, in words (the page checks before sending: nothing refused is sent). */
export function settingsProblem(values: AdminSettingValues): string | null {
  if (!v.is(kycReviewTargetHours(), values.kycReviewTargetHours)) return settingsMessages.targetHours;
  const result = v.safeParse(UpdateSettingsSchema, { ...values, expectedUpdatedAt: '2000-01-01T00:00:00.000Z' });
  return result.success ? null : settingsMessages.invalid;
}

/** The form's text of each value (what the page shows to edit). */
export const draftOf = (values: AdminSettingValues): Record<AdminSettingKey, string> =>
  Object.fromEntries(ADMIN_SETTING_KEYS.map((k) => [k, String(values[k])])) as Record<AdminSettingKey, string>;

/** The values a draft says (a decimal comma read as a point; anything else not a number is NaN, refused by settingsProblem). */
export const valuesOf = (draft: Record<AdminSettingKey, string>): AdminSettingValues =>
  Object.fromEntries(ADMIN_SETTING_KEYS.map((k) => [k, draft[k].trim() === '' ? Number.NaN : Number(draft[k].trim().replace(',', '.'))])) as AdminSettingValues;
