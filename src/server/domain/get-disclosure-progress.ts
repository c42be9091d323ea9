import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { DisclosureProgressResponse } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { disclosureProgress, userDetails } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { asProcessStep, isoOrNull } from './row-mapping.ts';

/** Disclosure progress; currentStep is the investor's process step (user_details.current_step). */
export async function getDisclosureProgress(db: Db, userId: string): Promise<DisclosureProgressResponse> {
  const [row] = await db
    .select({ progress: disclosureProgress, currentStep: userDetails.currentStep })
    .from(disclosureProgress)
    .innerJoin(userDetails, eq(userDetails.userId, disclosureProgress.userId))
    .where(eq(disclosureProgress.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  return {
    currentStep: asProcessStep(row.currentStep),
    disclosuresCompleted: row.progress.completed,
    disclosureProgress: row.progress.sectionProgress,
    disclosureCompletedAt: isoOrNull(row.progress.completedAt),
    // Once every section is complete the disclosures are only re-read (review), never re-timed.
    isReadingMode: row.progress.completed,
  };
}
