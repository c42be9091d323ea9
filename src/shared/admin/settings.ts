/**
 * The issuer's settings in the back-office (issue 15): the investment limits (token price, minimum, maximum: spec
 * section 5) and the KYC four-eyes threshold, with their history. Env overrides (TOKEN_PRICE, MIN_INVESTMENT,
 * MAX_INVESTMENT) pin a value: it is applied at every start, so the back-office shows it and refuses to change it.
 */
import * as v from 'valibot';

export const ADMIN_SETTING_KEYS = ['tokenPrice', 'minInvestment', 'maxInvestment', 'kycFourEyesAboveEur'] as const;
export type AdminSettingKey = (typeof ADMIN_SETTING_KEYS)[number];

/** The environment variable that pins each key (kycFourEyesAboveEur has none). */
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
};

/** The KYC four-eyes threshold (EUR) until an issuer admin sets one: the review and this page use the same. */
export const DEFAULT_KYC_FOUR_EYES_ABOVE_EUR = 100_000;
/** The env overrides' upper bound (config/env.ts MAX_AMOUNT). */
export const MAX_SETTING_AMOUNT = 1_000_000_000;

export type AdminSettingValues = Record<AdminSettingKey, number>;

export type SettingsHistoryEntry = {
  id: string;
  key: string;
  oldValue: unknown;
  newValue: unknown;
  source: 'staff' | 'environment';
  staffName: string | null;
  at: string;
};

export type AdminSettingsResponse = {
  values: AdminSettingValues;
  /** The concurrency token: send it back as expectedUpdatedAt. */
  updatedAt: string;
  /** Keys pinned by the environment, with the variable's name. */
  pinned: Partial<Record<AdminSettingKey, string>>;
  history: SettingsHistoryEntry[];
};

const decimals = (n: number, places: number) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;
const amount = (places: number) =>
  v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(MAX_SETTING_AMOUNT), v.check((n) => decimals(n, places)));

export const UpdateSettingsSchema = v.pipe(
  v.strictObject({
    tokenPrice: amount(6),
    minInvestment: amount(2),
    maxInvestment: amount(2),
    kycFourEyesAboveEur: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_SETTING_AMOUNT), v.check((n) => decimals(n, 2))),
    expectedUpdatedAt: v.pipe(v.string(), v.maxLength(40), v.isoTimestamp()),
  }),
  v.check((s) => s.maxInvestment > s.minInvestment),
);
export type UpdateSettingsInput = v.InferOutput<typeof UpdateSettingsSchema>;
