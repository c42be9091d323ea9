/**
 * Formula injection in the CSV exports (issue 26, fault 6) on both databases: an investor's full name `Anna;=1+1;`,
 * a User-Agent `Mozilla;=1+1` and cells starting with a formula character (ASCII and fullwidth) in payments.csv,
 * issuances.csv and the audit CSV. Read back with csv-parse, each field is what was stored (a leading ' where it
 * would start a formula); every field is quoted; and a spreadsheet splitting the same lines on ';' (Excel in Swiss and
 * German locales) makes no cell that starts a formula.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { csvRecords, neutraliseCell } from '../../src/server/domain/csv/spreadsheet-csv.ts';
import { NO_CLIENT } from '../../src/server/domain/request-context.ts';
import { recordAuditEvent } from '../../src/server/domain/record-audit-event.ts';
import { forEachDatabase } from './harness.ts';
import { completedCardPayment, ethHash, issue, setKyc } from './support/money.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

const SEMICOLON_NAME = 'Anna;=1+1;';
const SEMICOLON_AGENT = 'Mozilla;=1+1';
/** Cells a spreadsheet would run, each as a value someone could store. */
const FORMULAS = ['=1+1', '+1+1', '-1+1', '@SUM(1)', '\t=1', '\r=1', '\n=1', '＝1+1', '＋1', '－1', '＠SUM(1)', '  =1+1', '\u3000=1'];
const FORMULA_CELL = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n\0]/;

/** The records as csv-parse reads them, with each record's raw text. */
const read = (text: string) => parse(text, { raw: true, relax_column_count: false }) as unknown as { record: string[]; raw: string }[];

/**
 * How Excel reads a line when its list separator is ';': '"' opens and closes a quoted stretch wherever it is, '""'
 * inside one is a quote, and ';' outside splits. Returns the cells it would make.
 */
function excelSemicolonCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (c === ';' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Every record's fields quoted, and no ';'-split cell a formula. */
function expectSpreadsheetSafe(text: string) {
  const records = read(text);
  expect(records.length).toBeGreaterThan(1);
  expect(text.endsWith('\r\n')).toBe(true);
  for (const { raw } of records) {
    const line = raw.replace(/\r?\n?$/, '');
    expect(line, raw).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    for (const cell of excelSemicolonCells(line)) expect(cell, `${raw} -> ${JSON.stringify(cell)}`).not.toMatch(FORMULA_CELL);
  }
  for (const { record } of records) for (const field of record) expect(field, JSON.stringify(record)).not.toMatch(FORMULA_CELL);
}

describe('the CSV rule', () => {
  it('neutralises every formula start (ASCII, fullwidth, after spaces) and leaves other text as it is', () => {
    for (const f of FORMULAS) expect(neutraliseCell(f)).toBe(`'${f}`);
    for (const plain of ['plain', SEMICOLON_NAME, 'a,b', '1-2', "O'Brien", 'Zoë 👩🏽‍💻', '', '12.5']) expect(neutraliseCell(plain)).toBe(plain);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(12.5)).toBe('12.5');
    expect(neutraliseCell(-3)).toBe("'-3");
  });

  it('quotes every field and round-trips through csv-parse', () => {
    const rows = [['a', null, 'x"y', SEMICOLON_NAME, 'two\r\nlines', '=HYPERLINK("http://x")', 7]];
    const text = csvRecords(rows);
    expect(text).toBe(`"a","","x""y","${SEMICOLON_NAME}","two\r\nlines","'=HYPERLINK(""http://x"")","7"\r\n`);
    expect(parse(text)).toEqual([['a', '', 'x"y', SEMICOLON_NAME, 'two\r\nlines', `'=HYPERLINK("http://x")`, '7']]);
    expectSpreadsheetSafe(csvRecords([['value', 'twice'], ...FORMULAS.map((f) => [f, `${f};${f}`])]));
  });
});

forEachDatabase('CSV exports against formula injection', (t) => {
  let finance: TestStaff;
  let auditor: TestStaff;
  beforeAll(async () => {
    [finance, auditor] = [await createStaff(t, ['finance']), await createStaff(t, ['auditor'])];
  });

  it('payments.csv and issuances.csv: a name with ; and formulas is one quoted, neutralised field', async () => {
    const p = await completedCardPayment(t);
    await t.database.db.update(schema.userDetails).set({ fullName: SEMICOLON_NAME }).where(eq(schema.userDetails.userId, p.userId));
    await setKyc(t, p.userId, 'APPROVED');
    const hash = ethHash();
    await issue(t, finance.token, p.userId, { transactionHash: hash });
    const hostile = await completedCardPayment(t);
    await t.database.db.update(schema.userDetails).set({ fullName: '＝cmd|\' /C calc\'!A0' }).where(eq(schema.userDetails.userId, hostile.userId));

    const payments = await (await t.get('/api/admin/exports/payments.csv', finance.token)).text();
    expectSpreadsheetSafe(payments);
    const records = parse(payments) as string[][];
    expect(records[0]).toEqual(['payment_id', 'created_at', 'investor_email', 'investor_name', 'method', 'status', 'amount_eur', 'fee_eur', 'total_eur', 'received_eur', 'crypto_currency', 'crypto_amount', 'payment_ref', 'transaction_id', 'refund_status', 'refund_eur', 'tokens_issued', 'completed_at']);
    const row = records.find((r) => r[0] === p.paymentId)!;
    expect(row.slice(2, 9)).toEqual([p.email, SEMICOLON_NAME, 'CARD', 'COMPLETED', expect.any(String), expect.any(String), p.total.toFixed(2)]);
    expect(row[16]).toBe('yes');
    expect(records.find((r) => r[0] === hostile.paymentId)![3]).toBe(`'＝cmd|' /C calc'!A0`);

    const issuances = await (await t.get('/api/admin/exports/issuances.csv', auditor.token)).text();
    expectSpreadsheetSafe(issuances);
    const issued = (parse(issuances) as string[][]).find((r) => r[8] === hash)!;
    expect(issued.slice(2, 6)).toEqual([p.userId, p.email, SEMICOLON_NAME, p.paymentId]);
  });

  it('the audit CSV: a User-Agent with ; and formula starts in every column stay whole and inert', async () => {
    const investor = await t.register();
    for (const [i, f] of FORMULAS.entries()) {
      await recordAuditEvent(t.database.db, { userId: investor.user.userId, action: 'test.csv_injection', detail: { note: f }, meta: { ip: f, userAgent: i === 0 ? SEMICOLON_AGENT : `${f};${f}` }, at: t.clock.now() });
    }
    const res = await t.get(`/api/admin/audit/events.csv?investor=${investor.user.userId}&action=test.csv_injection`, auditor.token);
    expect(res.status).toBe(200);
    const text = await res.text();
    expectSpreadsheetSafe(text);
    const records = parse(text) as string[][];
    expect(records[0]).toEqual(['seq', 'event_id', 'at', 'action', 'investor_id', 'investor_email', 'staff_id', 'staff_email', 'role', 'ip', 'user_agent', 'detail_json', 'hash', 'prev_hash']);
    const body = records.slice(1).reverse();
    expect(body).toHaveLength(FORMULAS.length);
    expect(body[0]![10]).toBe(SEMICOLON_AGENT);
    for (const [i, f] of FORMULAS.entries()) {
      expect(body[i]![9]).toBe(`'${f}`);
      if (i > 0) expect(body[i]![10]).toBe(`'${f};${f}`);
      expect(JSON.parse(body[i]![11]!)).toEqual({ note: f });
    }
  });
});
