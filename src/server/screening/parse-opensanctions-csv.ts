/**
 * An OpenSanctions "simple CSV" export (targets.simple.csv) read into screening entries: one row per entity, with
 * multiple values in a cell separated by ';'. Whether an entry is a sanction or a politically exposed person is read
 * from the topics column when the export has one, else from the sanctions and dataset texts.
 */
import { parse } from 'csv-parse/sync';
import { MAX_SCREENING_ENTRIES, ScreeningListRefusal, tooManyEntriesError } from './screening-limits.ts';
import type { ParsedScreeningList, ScreeningEntry } from './screening-types.ts';

const REQUIRED_COLUMNS = ['id', 'name'] as const;
const LIST_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
/** "PEP", "PEPs", "demo_peps", "Politically Exposed Persons" (and not "Peppers"). */
const SAYS_PEP = /(^|[^a-z])peps?([^a-z]|$)|politically exposed/i;
const PERSON_SCHEMAS = new Set(['person']);
const ENTITY_SCHEMAS = new Set(['organization', 'company', 'legalentity', 'publicbody']);
/** A programme is a label beside a hit, not the sanctions text in full. */
const MAX_PROGRAMME_CHARS = 160;

function values(cell: string | undefined): string[] {
  if (cell === undefined) return [];
  return [...new Set(cell.split(';').map((value) => value.trim()).filter((value) => value !== ''))];
}

function short(text: string): string {
  return text.length <= MAX_PROGRAMME_CHARS ? text : `${text.slice(0, MAX_PROGRAMME_CHARS - 1)}…`;
}

function kindOf(topics: string[], sanctions: string[], datasets: string[]): ScreeningEntry['kind'] {
  const sanctionsSayPep = sanctions.some((text) => SAYS_PEP.test(text));
  const pep = topics.includes('role.pep') || topics.includes('role.rca') || sanctionsSayPep || datasets.some((text) => SAYS_PEP.test(text));
  // A sanctioned PEP is a sanction first: the stronger finding decides what the officer must do.
  const sanctioned = topics.some((topic) => topic === 'sanction' || topic.startsWith('sanction.')) || (sanctions.length > 0 && !sanctionsSayPep);
  return sanctioned ? 'sanction' : pep ? 'pep' : 'other';
}

/** One row read into an entry; null for a row without an id or a name. */
function toEntry(row: string[], at: (row: string[], column: string) => string | undefined): ScreeningEntry | null {
  const ref = at(row, 'id')?.trim() ?? '';
  const names = values([at(row, 'name') ?? '', at(row, 'aliases') ?? ''].join(';'));
  if (ref === '' || names.length === 0) return null;
  const sanctions = values(at(row, 'sanctions'));
  const datasets = values(at(row, 'dataset'));
  const kind = kindOf(values(at(row, 'topics')), sanctions, datasets);
  const programme = kind === 'sanction' && sanctions.length > 0 ? sanctions[0]! : datasets.join(', ');
  const entry: ScreeningEntry = {
    ref,
    names,
    birthDates: values(at(row, 'birth_date')).filter((date) => LIST_DATE.test(date)),
    kind,
    programme: programme === '' ? null : short(programme),
    countries: values(at(row, 'countries')),
  };
  const schema = at(row, 'schema')?.trim().toLowerCase() ?? '';
  if (PERSON_SCHEMAS.has(schema)) entry.subject = 'person';
  else if (ENTITY_SCHEMAS.has(schema)) entry.subject = 'entity';
  return entry;
}

export function parseOpenSanctionsCsv(csv: string): ParsedScreeningList {
  let header: string[] | null = null;
  const at = (row: string[], column: string): string | undefined => {
    const index = header?.indexOf(column) ?? -1;
    return index < 0 ? undefined : row[index];
  };
  let publishedAt: string | null = null;
  const entries: ScreeningEntry[] = [];
  try {
    // Rows are read into entries as they come and not kept: an export of a few hundred megabytes stays affordable.
    parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (row) => {
        if (header === null) {
          header = row.map((column) => column.trim().toLowerCase());
          for (const column of REQUIRED_COLUMNS) {
            if (!header.includes(column)) {
              throw new ScreeningListRefusal(`The CSV has no "${column}" column: an OpenSanctions simple CSV (targets.simple.csv) starts with id, schema, name, aliases, birth_date, ...`);
            }
          }
          return null;
        }
        const entry = toEntry(row, at);
        if (entry === null) return null;
        if (entries.length === MAX_SCREENING_ENTRIES) throw tooManyEntriesError();
        entries.push(entry);
        // The newest last_seen is when the export was made (the simple CSV carries no date of its own).
        const seen = at(row, 'last_seen')?.trim() ?? '';
        if (seen !== '' && (publishedAt === null || seen > publishedAt)) publishedAt = seen;
        return null;
      },
    });
  } catch (error) {
    if (error instanceof ScreeningListRefusal) throw error;
    throw new ScreeningListRefusal(`The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (header === null) throw new ScreeningListRefusal('The CSV is empty: an OpenSanctions simple CSV starts with a header line (id, schema, name, ...).');
  return { format: 'opensanctions-csv', publishedAt, entries };
}
