import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { UserDetails } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { userDetails, users } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { asProcessStep, isoOrNull } from './row-mapping.ts';

/** The registration details of the signed-in investor (spec "User details (as displayed)"). */
export async function getUserDetails(db: Db, userId: string): Promise<UserDetails> {
  const [row] = await db
    .select({ details: userDetails, email: users.email })
    .from(userDetails)
    .innerJoin(users, eq(users.id, userDetails.userId))
    .where(eq(userDetails.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.userDetails.emptyTitle);
  const d = row.details;
  return {
    investmentAmount: d.investmentAmount,
    tokenQuantity: d.tokenQuantity,
    investorType: d.investorType === 'ENTITY' ? 'ENTITY' : 'INDIVIDUAL',
    status: d.status,
    fullName: d.fullName,
    dateOfBirth: d.dateOfBirth,
    nationality: d.nationality,
    entityName: d.entityName,
    jurisdiction: d.jurisdiction,
    authorizedSignatory: d.authorizedSignatory,
    email: row.email,
    walletAddress: d.walletAddress,
    primaryJurisdiction: d.primaryJurisdiction,
    createdAt: d.createdAt.toISOString(),
    submittedAt: isoOrNull(d.submittedAt),
    reviewedAt: isoOrNull(d.reviewedAt),
    currentStep: asProcessStep(d.currentStep),
    rejectionReason: d.rejectionReason,
  };
}
