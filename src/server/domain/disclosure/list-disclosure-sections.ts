import type { DisclosureSection } from '../../../shared/disclosure.ts';
import { preparedStatement, type StatementRunner } from '../../db/prepared-statement.ts';

/** The active sections in reading order (position, then slug for a stable tie-break). */
const ACTIVE_SECTIONS = preparedStatement(
  'list_disclosure_sections',
  `select id, title, position, min_reading_minutes, pdf_sha256 is not null as has_pdf
     from disclosure_sections
    where retired_at is null
    order by position, slug`,
  (row): DisclosureSection => ({
    id: row.text('id'),
    title: row.text('title'),
    order: row.number('position'),
    minReadingTime: row.number('min_reading_minutes'),
    hasPDF: row.boolean('has_pdf'),
  }),
);

export const listDisclosureSections = (run: StatementRunner): Promise<DisclosureSection[]> => run(ACTIVE_SECTIONS, []);
