import type { DisclosureSection } from '../../../shared/schemas.ts';
import { field, preparedStatement, type StatementRunner } from '../../db/prepared-statement.ts';

/** The active sections in reading order (position, then slug for a stable tie-break). */
const ACTIVE_SECTIONS = preparedStatement(
  'list_disclosure_sections',
  `select id, title, position, min_reading_minutes, pdf_sha256 is not null
     from disclosure_sections
    where retired_at is null
    order by position, slug`,
  (r): DisclosureSection => ({
    id: field.text(r[0]),
    title: field.text(r[1]),
    order: field.number(r[2]),
    minReadingTime: field.number(r[3]),
    hasPDF: field.boolean(r[4]),
  }),
);

export const listDisclosureSections = (run: StatementRunner): Promise<DisclosureSection[]> => run(ACTIVE_SECTIONS, []);
