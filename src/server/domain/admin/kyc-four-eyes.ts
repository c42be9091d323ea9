/**
 * The four-eyes threshold of the KYC review (issue 15): a KYC whose investment amount is ABOVE it needs approvals by
 * two different reviewers. It is a setting the issuer admin edits (settings row 'kycFourEyesAboveEur', shown with its
 * history on the Settings page); without the row, 100000 EUR, the same default the Settings page shows. A stored value
 * that is not a non-negative number is ignored. (No environment variable: the review and the Settings page would then
 * disagree on the threshold in force.)
 */
import { eq } from 'drizzle-orm';
import { needsFourEyes as lifecycleNeedsFourEyes, needsTwoApprovals as lifecycleNeedsTwoApprovals } from '../../../../machines/investment/investment.rules.ts';
import type { RiskLevel } from '../../../shared/admin/kyc-checks.ts';
import { KYC_FOUR_EYES_SETTING } from '../../../shared/admin/kyc-review.ts';
import { DEFAULT_KYC_FOUR_EYES_ABOVE_EUR } from '../../../shared/admin/settings.ts';
import { settings } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

const asThreshold = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

export async function kycFourEyesThreshold(db: Db): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KYC_FOUR_EYES_SETTING)).limit(1);
  return asThreshold(row?.value) ?? DEFAULT_KYC_FOUR_EYES_ABOVE_EUR;
}

/** The lifecycle chart's rule (machines/investment/investment.rules.ts), in euros. */
export const needsFourEyes = (investmentAmount: number, threshold: number) => lifecycleNeedsFourEyes(Math.round(investmentAmount * 100), Math.round(threshold * 100));

/** The lifecycle chart's rule for two approvals (above the threshold, or scored high risk: issue 30), in euros. */
export const needsTwoApprovals = (investmentAmount: number, threshold: number, riskLevel: RiskLevel | null) =>
  lifecycleNeedsTwoApprovals(Math.round(investmentAmount * 100), Math.round(threshold * 100), riskLevel);
