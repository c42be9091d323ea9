import { messages } from '../../shared/messages.ts';
import type { DisclosureProgressResponse } from '../../shared/schemas.ts';
import { field, preparedStatement, type StatementRunner } from '../db/prepared-statement.ts';
import { AppError } from '../errors/app-error.ts';
import { asProcessStep, isoOrNull } from './row-mapping.ts';

const DISCLOSURE_PROGRESS = preparedStatement(
  'get_disclosure_progress',
  `select p.section_progress, p.completed, p.completed_at, d.current_step
     from disclosure_progress p join user_details d on d.user_id = p.user_id
    where p.user_id = $1
    limit 1`,
  (r): DisclosureProgressResponse => {
    const completed = field.boolean(r[1]);
    return {
      currentStep: asProcessStep(field.text(r[3])),
      disclosuresCompleted: completed,
      disclosureProgress: field.json(r[0]) as Record<string, unknown>,
      disclosureCompletedAt: isoOrNull(field.dateOrNull(r[2])),
      // Once every section is complete the disclosures are only re-read (review), never re-timed.
      isReadingMode: completed,
    };
  },
);

/** Disclosure progress; currentStep is the investor's process step (user_details.current_step). */
export async function getDisclosureProgress(run: StatementRunner, userId: string): Promise<DisclosureProgressResponse> {
  const [progress] = await run(DISCLOSURE_PROGRESS, [userId]);
  if (!progress) throw new AppError('NOT_FOUND', messages.server.notFound);
  return progress;
}
