/**
 * The four-eyes threshold of the KYC review (issue 15): a KYC whose investment amount is ABOVE it needs approvals by
 * two different reviewers. The settings row 'kycFourEyesAboveEur' wins; without it the environment's
 * KYC_FOUR_EYES_ABOVE_EUR; without that 100000 EUR. A value that is not a non-negative number is ignored.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_KYC_FOUR_EYES_ABOVE_EUR, KYC_FOUR_EYES_SETTING } from '../../../shared/admin/kyc-review.ts';
import { settings } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

const asThreshold = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

export async function kycFourEyesThreshold(db: Db, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KYC_FOUR_EYES_SETTING)).limit(1);
  return asThreshold(row?.value) ?? asThreshold(env.KYC_FOUR_EYES_ABOVE_EUR) ?? DEFAULT_KYC_FOUR_EYES_ABOVE_EUR;
}

export const needsFourEyes = (investmentAmount: number, threshold: number) => investmentAmount > threshold;
