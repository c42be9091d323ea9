import { unlockedFlags, type DisclosureProgressResponse, type SectionProgress } from '../../../shared/disclosure.ts';
import { messages } from '../../../shared/messages.ts';
import { preparedStatement, type StatementRunner } from '../../db/prepared-statement.ts';
import { AppError } from '../../errors/app-error.ts';
import { asProcessStep, isoOrNull } from '../row-mapping.ts';

const DISCLOSURE_STATUS = preparedStatement(
  'get_disclosure_status',
  `select p.completed, p.completed_at, d.current_step
     from disclosure_progress p join user_details d on d.user_id = p.user_id
    where p.user_id = $1
    limit 1`,
  (row) => ({ completed: row.boolean('completed'), completedAt: row.dateOrNull('completed_at'), currentStep: asProcessStep(row.text('current_step')) }),
);

/** The investor's reading of every active section, in reading order (no read row: nothing done yet). */
const SECTION_READS = preparedStatement(
  'get_disclosure_reads',
  `select s.id, r.opened_at is not null as opened, coalesce(r.time_spent, 0) as time_spent, r.scrolled_at is not null as scrolled,
          r.completed_at is not null as completed
     from disclosure_sections s
     left join disclosure_reads r on r.section_id = s.id and r.user_id = $1
    where s.retired_at is null
    order by s.position, s.slug`,
  (row) => ({
    sectionId: row.text('id'),
    opened: row.boolean('opened'),
    timeSpent: row.number('time_spent'),
    scrolled: row.boolean('scrolled'),
    completed: row.boolean('completed'),
  }),
);

/** sectionProgress as the server credits it: the map keyed by section id, with `unlocked` derived from the order. */
async function readSectionProgress(run: StatementRunner, userId: string): Promise<Record<string, SectionProgress>> {
  const reads = await run(SECTION_READS, [userId]);
  const unlocked = unlockedFlags(reads.map((r) => r.completed));
  return Object.fromEntries(
    reads.map(({ sectionId, ...read }, i) => [sectionId, { unlocked: unlocked[i] ?? false, ...read }] as const),
  );
}

/** Disclosure progress; currentStep is the investor's process step (user_details.current_step). */
export async function getDisclosureProgress(run: StatementRunner, userId: string): Promise<DisclosureProgressResponse> {
  const [[status], sectionProgress] = await Promise.all([run(DISCLOSURE_STATUS, [userId]), readSectionProgress(run, userId)]);
  if (!status) throw new AppError('NOT_FOUND', messages.server.notFound);
  return {
    currentStep: status.currentStep,
    disclosuresCompleted: status.completed,
    disclosureProgress: sectionProgress,
    disclosureCompletedAt: isoOrNull(status.completedAt),
    // Once the step is complete the documents are only re-read (review mode), never re-timed.
    isReadingMode: status.completed,
  };
}
