/**
 * One entry point for an uploaded screening list: tells the EU consolidated sanctions list (XML) from an
 * OpenSanctions simple CSV by its content, not its file name, and refuses anything else in plain words. Every refusal
 * (format, DOCTYPE, missing column, too many entries, unreadable file) is a ScreeningListRefusal.
 */
import { parseEuSanctionsXml } from './parse-eu-sanctions.ts';
import { parseOpenSanctionsCsv } from './parse-opensanctions-csv.ts';
import { refuseXmlDeclarations, ScreeningListRefusal } from './screening-limits.ts';
import type { ParsedScreeningList, ScreeningListKind } from './screening-types.ts';

export { MAX_SCREENING_ENTRIES, ScreeningListRefusal } from './screening-limits.ts';

export const UNKNOWN_LIST_FORMAT = 'The file is neither the EU consolidated sanctions list (XML) nor an OpenSanctions simple CSV.';

/** Columns of targets.simple.csv; a header with two of them is taken for one (then a missing id/name is named). */
const OPENSANCTIONS_COLUMNS = ['id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'sanctions', 'dataset', 'first_seen', 'last_seen'];

/** Skips the XML declaration, comments and processing instructions before the root element. */
function xmlRootName(text: string): string | null {
  const match = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text);
  return match ? match[2]! : null;
}

function looksLikeOpenSanctionsHeader(text: string): boolean {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const cells = firstLine.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase());
  return cells.filter((cell) => OPENSANCTIONS_COLUMNS.includes(cell)).length >= 2;
}

export function parseScreeningList(text: string): ParsedScreeningList {
  const content = text.replace(/^\uFEFF/, '');
  if (content.trimStart().startsWith('<')) {
    refuseXmlDeclarations(content);
    if (xmlRootName(content) !== 'export') throw new ScreeningListRefusal(UNKNOWN_LIST_FORMAT);
    return parseEuSanctionsXml(content);
  }
  if (looksLikeOpenSanctionsHeader(content)) return parseOpenSanctionsCsv(content);
  throw new ScreeningListRefusal(UNKNOWN_LIST_FORMAT);
}

/** What a parsed list holds, for labelling it: only sanctions, only PEPs, or both (or other entries). */
export function screeningListKind(list: ParsedScreeningList): ScreeningListKind {
  const kinds = new Set(list.entries.map((entry) => entry.kind));
  if (kinds.size === 1 && kinds.has('sanction')) return 'sanctions';
  if (kinds.size === 1 && kinds.has('pep')) return 'pep';
  return 'mixed';
}
