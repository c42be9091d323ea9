/**
 * The KYC review's target time (issue 29): a case under review longer than this many hours since its submission is
 * overdue, and the queue says so. A setting the issuer admin edits (settings row 'kycReviewTargetHours'); without the
 * row, or with a stored value that is not a whole number of hours in range, DEFAULT_KYC_REVIEW_TARGET_HOURS.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_KYC_REVIEW_TARGET_HOURS, MAX_KYC_REVIEW_TARGET_HOURS } from '../../../shared/admin/settings.ts';
import { settings } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export const KYC_REVIEW_TARGET_SETTING = 'kycReviewTargetHours';

export const asTargetHours = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_KYC_REVIEW_TARGET_HOURS ? n : null;
};

export async function kycReviewTargetHours(db: Db): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KYC_REVIEW_TARGET_SETTING)).limit(1);
  return asTargetHours(row?.value) ?? DEFAULT_KYC_REVIEW_TARGET_HOURS;
}
