/**
 * POST complete: the reading claims are saved first (their own transaction, so a refused completion keeps what was
 * read), then, in one transaction, every active section must be completed by the server's account, and the step is
 * marked complete with the investor moved on to KYC. Completing twice answers the same and writes nothing.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SectionProgress } from '../../../shared/disclosure.ts';
import { messages } from '../../../shared/messages.ts';
import { disclosureProgress, disclosureReads, disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { advanceCurrentStep } from '../advance-current-step.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { lockDisclosure, saveDisclosureProgress } from './save-disclosure-progress.ts';

export async function completeDisclosure(db: Db, claims: Record<string, SectionProgress>, ctx: RequestContext): Promise<void> {
  await saveDisclosureProgress(db, claims, ctx);
  const { userId, now, meta } = ctx;
  await db.transaction(async (tx) => {
    const step = await lockDisclosure(tx, userId);
    if (step.completed) return;

    const sections = await tx
      .select({ id: disclosureSections.id, slug: disclosureSections.slug, sha256: disclosureSections.pdfSha256, timeSpent: disclosureReads.timeSpent, completedAt: disclosureReads.completedAt })
      .from(disclosureSections)
      .leftJoin(disclosureReads, and(eq(disclosureReads.sectionId, disclosureSections.id), eq(disclosureReads.userId, userId)))
      .where(isNull(disclosureSections.retiredAt))
      .orderBy(asc(disclosureSections.position), asc(disclosureSections.slug));
    if (sections.length === 0 || sections.some((s) => !s.completedAt)) throw new AppError('CONFLICT', messages.disclosure.incomplete);
    // Read in full; the lifecycle decides whether the case may leave the disclosure step (it may not twice).
    const { trace: lifecycle } = await decideOnCase(tx, userId, { type: 'INVESTOR.DISCLOSURE_COMPLETED' }, () => messages.disclosure.incomplete);

    await tx.update(disclosureProgress).set({ completed: true, completedAt: now, updatedAt: now }).where(eq(disclosureProgress.userId, userId));
    await advanceCurrentStep(tx, userId, 'kyc');
    await recordCase(tx, userId, lifecycle, now);
    await recordAuditEvent(tx, {
      userId,
      action: 'disclosure.completed',
      // What exactly was read: the document versions and the seconds credited for each.
      detail: { sections: sections.map((s) => ({ id: s.id, slug: s.slug, pdfSha256: s.sha256, timeSpent: s.timeSpent })), lifecycle },
      meta,
      at: now,
    });
  });
}
