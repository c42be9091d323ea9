/**
 * An investor's wallets for the back-office (issue 26). The signed one: the wallet recorded with the signed
 * agreements, legal_agreements.wallet_address once the step is COMPLETED; the sealed PDFs name it and tokens are
 * issued to it, and once the step is complete it cannot change (save-legal-progress.ts refuses). Before completion
 * there is none (null): the row then holds what the page is editing. The registration one: user_details, as given at
 * registration (the investor may replace it on the agreements page; it is never where tokens go).
 */
import { eq } from 'drizzle-orm';
import type { InvestorWallets } from '../../../shared/admin/wallets.ts';
import { legalAgreements, userDetails } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

type LegalWallet = { status: string | null; completedAt: Date | null; walletAddress: string | null } | null;

/** The wallet recorded with the signed agreements, from the investor's legal_agreements row (null before completion). */
export const signedWalletOf = (legal: LegalWallet): string | null =>
  legal?.status === 'COMPLETED' && legal.completedAt !== null && legal.walletAddress ? legal.walletAddress : null;

/** The signed wallet and the registration wallet of an investor, or undefined when there is no such investor. */
export async function investorWallets(db: Db, userId: string): Promise<InvestorWallets | undefined> {
  const [row] = await db
    .select({ registration: userDetails.walletAddress, legal: { status: legalAgreements.status, completedAt: legalAgreements.completedAt, walletAddress: legalAgreements.walletAddress } })
    .from(userDetails)
    .leftJoin(legalAgreements, eq(legalAgreements.userId, userDetails.userId))
    .where(eq(userDetails.userId, userId))
    .limit(1);
  if (!row) return undefined;
  return { signed: signedWalletOf(row.legal), registration: row.registration };
}
