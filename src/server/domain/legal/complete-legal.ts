/**
 * POST /api/legal/complete: once all seven agreements are signed and a valid wallet address is saved, in one
 * transaction: the step COMPLETED with its time, the investor's current step on to payment (never back), an audit
 * event naming each agreement's version and the SHA-256 of the document signed, and one durable `seal-agreement` job
 * per signature (payload {signatureId}, dedupeKey seal-agreement:<signatureId>). Otherwise 409 in the spec's words.
 * Completing again answers the same and writes nothing (no second set of jobs). `enqueued` tells the route to wake
 * the job runner after the commit.
 */
import { eq } from 'drizzle-orm';
import { AGREEMENT_KEYS, type LegalCompleteResponse } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { checkWalletAddress } from '../../../shared/wallet.ts';
import { legalAgreements } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import { advanceCurrentStep } from '../advance-current-step.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { signedAgreementsOf } from './agreement-versions.ts';
import { lockLegalForChange } from './legal-access.ts';

const NEXT_STEP = 'payment';

export const sealJobKey = (signatureId: string) => `seal-agreement:${signatureId}`;

export async function completeLegal(db: Db, { userId, now, meta }: RequestContext): Promise<{ answer: LegalCompleteResponse; enqueued: boolean }> {
  return db.transaction(async (tx) => {
    const legal = await lockLegalForChange(tx, userId);
    if (legal.status === 'COMPLETED' && legal.completedAt && legal.walletAddress) {
      return { answer: { status: 'COMPLETED', completedAt: legal.completedAt.toISOString(), walletAddress: legal.walletAddress, nextStep: NEXT_STEP }, enqueued: false };
    }
    const signed = await signedAgreementsOf(tx, userId);
    const wallet = legal.walletAddress === null ? null : checkWalletAddress(legal.walletAddress);
    if (AGREEMENT_KEYS.some((key) => !signed.has(key)) || !wallet?.valid) throw new AppError('CONFLICT', messages.legal.completeAllRequired);
    // Signed in full; the lifecycle decides whether the case may go on to payment (the KYC review under way or approved).
    const { trace: lifecycle } = await decideOnCase(tx, userId, { type: 'INVESTOR.AGREEMENTS_COMPLETED', wallet: legal.walletAddress! }, () => messages.legal.completeAllRequired);

    await tx.update(legalAgreements).set({ status: 'COMPLETED', completedAt: now, agreements: {}, updatedAt: now }).where(eq(legalAgreements.userId, userId));
    await advanceCurrentStep(tx, userId, NEXT_STEP);
    const agreements = AGREEMENT_KEYS.map((key) => {
      const s = signed.get(key)!;
      return { key, signatureId: s.id, versionId: s.version.id, sha256: s.version.sha256, signedAt: s.signedAt.toISOString() };
    });
    for (const { signatureId } of agreements) {
      await enqueueJob(tx, { kind: 'seal-agreement', payload: { signatureId }, dedupeKey: sealJobKey(signatureId) }, now);
    }
    await recordCase(tx, userId, lifecycle, now);
    // Last: from here to the commit the transaction holds the audit chain's head.
    await recordAuditEvent(tx, { userId, action: 'legal.completed', detail: { walletAddress: legal.walletAddress, agreements, lifecycle }, meta, at: now });
    return { answer: { status: 'COMPLETED', completedAt: now.toISOString(), walletAddress: legal.walletAddress as string, nextStep: NEXT_STEP }, enqueued: true };
  });
}
