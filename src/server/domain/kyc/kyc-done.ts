import { KYC_STANDINGS_ALLOWING_PROGRESS, kycStandingOf } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * Not in the spec, and only the server says it (the browser shows the server's words), so it stays out of the message
 * catalogue every investor page's first script carries.
 */
export const KYC_NOT_APPROVED = 'Your identity verification was not approved, so your investment cannot continue.';

/**
 * The steps after KYC (agreements, payment) refuse an investor whose verification is not done (src/shared/kyc.ts
 * KYC_STANDINGS_ALLOWING_PROGRESS, the rule the lifecycle chart's guard reads too): 409 "complete your KYC first" before it is submitted and while a resubmission is asked for, and its own
 * words after a rejection. The browser's routing says the same; the server does not rely on it.
 */
export function refuseUnlessKycDone(status: string | null, completedAt: Date | null): void {
  const standing = status === null ? 'collecting' : kycStandingOf(status, completedAt);
  if (KYC_STANDINGS_ALLOWING_PROGRESS.includes(standing)) return;
  throw new AppError('CONFLICT', standing === 'rejected' ? KYC_NOT_APPROVED : messages.legal.kycFirst);
}
