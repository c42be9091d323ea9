/**
 * Every CSV the portal hands out (payments.csv, issuances.csv, the audit export) is written here, by one rule
 * (issue 26): RFC 4180 through csv-stringify (CRLF, every field quoted, quotes doubled) and every cell neutralised
 * against formula injection before it is quoted. A spreadsheet that splits on ';' (Excel in Swiss and German
 * locales) as well as one that splits on ',' then sees each of our fields whole, and no cell it makes starts a formula.
 *
 * Neutralising (OWASP "CSV Injection", ASVS 1.2.10, CWE-1236): a cell whose first character is = + - @, TAB, CR, LF
 * or NUL, or their fullwidth forms ＝ ＋ － ＠, also after leading spaces, gets a leading ' so the spreadsheet
 * shows it as text. The value is otherwise kept: an investor's name or a wire reference is theirs to write.
 */
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (or a DDE call) when they come first. */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n\0]/;

/** One cell as text, neutralised: null and undefined are empty. */
export function neutraliseCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Records as CSV text: each cell neutralised, every field quoted (empty ones too), CRLF after each record. */
export function csvRecords(records: readonly (readonly CsvCell[])[]): string {
  if (records.length === 0) return '';
  return stringify(
    records.map((record) => record.map(neutraliseCell)),
    { quoted: true, quoted_empty: true, record_delimiter: 'windows' },
  );
}

/** Rows kept at a time by the streamed exports. */
export const EXPORT_PAGE = 500;

/**
 * A streamed export: the header, then pages from `nextPage` until one comes back short (keyset paging by the caller,
 * so memory stays bounded whatever the table's size).
 */
export function pagedCsv<C>(header: readonly string[], nextPage: (cursor: C | null) => Promise<{ records: CsvCell[][]; last: C | null; full: boolean }>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: C | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRecords([header])));
        return;
      }
      const page = await nextPage(cursor);
      if (page.records.length > 0) controller.enqueue(encoder.encode(csvRecords(page.records)));
      cursor = page.last;
      if (!page.full) controller.close();
    },
  });
}
