/**
 * The investor's statement as a document (issue 28): the clauses in order, money to the cent, times in UTC with the
 * zone, each sealed agreement with its hash whole on a line (and one still being sealed said so), an entity with its
 * signatory, an empty case in words, and a name in another script or typed without spaces set without stopping the
 * PDF or running past the margin.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_TITLE } from '../../../src/shared/investment-statement.ts';
import type { StatementFacts } from '../../../src/server/domain/investment-statement/read-statement-facts.ts';
import { listMarker, STATEMENT_HEADINGS, statementDocument } from '../../../src/server/domain/investment-statement/statement-document.ts';
import { BODY_SIZE, createLegalPdf, MARGIN, PAGE, wrapAnywhere } from '../../../src/server/pdf/legal-pdf.ts';
import { havePdfTools, pdfText } from '../support/pdf-tools.ts';

const tools = havePdfTools();
const ISSUED_AT = new Date('2026-05-12T14:03:05.250Z');
const HASH = 'f'.repeat(64);
const TX = `0x${'d'.repeat(64)}`;

function facts(overrides: Partial<StatementFacts> = {}): StatementFacts {
  return {
    status: {
      version: 9,
      headline: 'Your tokens were issued to your wallet.',
      review: { standing: 'approved', resubmission: null },
      payment: {
        paymentId: 'p-1',
        method: 'WIRE',
        stage: 'paid',
        totalCents: 2_000_050,
        receivedCents: 2_000_050,
        stillDueCents: 0,
        reference: 'G2G-ABC123',
        hold: null,
        paidAt: '2026-05-10T09:00:00.000Z',
      } as NonNullable<StatementFacts['status']['payment']>,
      refunds: [{ paymentId: 'p-0', method: 'CARD', amountCents: 104_000, at: '2026-05-01T08:30:00.000Z' }],
      tokens: { quantity: 80_000.5, wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', transactionHash: TX, explorerUrl: null, issuedAt: '2026-05-11T12:00:00.000Z' },
      next: { redoSteps: false, payAgain: false },
      timeline: [
        { at: '2026-05-02T10:00:00.000Z', by: 'you', words: 'You signed the seven agreements.' },
        { at: '2026-05-11T12:00:00.000Z', by: 'the foundation', words: 'Your tokens were sent to your wallet.' },
      ],
    },
    investor: { type: 'individual', name: 'Ada Lovelace', authorisedSignatory: null, email: 'ada@example.com' },
    investment: { amountEur: 20_000.5, tokenQuantity: 80_002, tokenPrice: 0.25 },
    payment: { method: 'WIRE', amountCents: 2_000_050, feeCents: 0, totalCents: 2_000_050 },
    receipts: [
      { amountCents: 800_020, receivedOn: '2026-05-08' },
      { amountCents: 1_200_030, receivedOn: '2026-05-10' },
    ],
    agreements: [
      { title: 'Private Placement Memorandum', signedAt: new Date('2026-05-02T09:59:00Z'), sha256: HASH },
      { title: 'Risk Disclosure', signedAt: new Date('2026-05-02T09:59:30Z'), sha256: null },
    ],
    ...overrides,
  };
}

const clause = (doc: ReturnType<typeof statementDocument>, heading: string) => doc.clauses.find((c) => c.heading === heading)?.paragraphs ?? [];

describe('listMarker', () => {
  it('counts (a) to (z), then (aa) on', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(listMarker)).toEqual(['(a)', '(b)', '(z)', '(aa)', '(ab)', '(zz)', '(aaa)']);
  });
});

describe('statementDocument', () => {
  it('the title, the clauses in order, the issue time in UTC and the case version', () => {
    const doc = statementDocument(facts(), ISSUED_AT);
    expect(doc.title).toBe(STATEMENT_TITLE);
    expect(doc.clauses.map((c) => c.heading)).toEqual([...STATEMENT_HEADINGS]);
    expect(doc.subtitle).toBe('For Ada Lovelace - issued 2026-05-12 14:03:05 UTC');
    expect(doc.preamble[0]).toContain('Tuesday, 12 May 2026, 14:03:05 UTC (version 9 of');
    expect(doc.preamble[1]).toBe('Where it stands: Your tokens were issued to your wallet.');
  });

  it('money to the cent, the fee, the receipts, the refunds; tokens with their hash on a paragraph of its own', () => {
    const doc = statementDocument(facts(), ISSUED_AT);
    expect(clause(doc, 'Investment')).toEqual([
      'Investor: Ada Lovelace (an individual), email ada@example.com.',
      'Amount committed: €20,000.50, for 80,002 tokens at €0.25 per token.',
      'Identity verification: approved.',
    ]);
    expect(clause(doc, 'Payments and receipts')).toEqual([
      'Payment by Wire Transfer, reference G2G-ABC123: amount €20,000.50, fee €0.00, total €20,000.50.',
      'Received: €20,000.50. Still due: €0.00. Paid in full on 2026-05-10 09:00:00 UTC.',
      'Money received:',
      '(a) €8,000.20 received on 2026-05-08.',
      '(b) €12,000.30 received on 2026-05-10.',
    ]);
    expect(clause(doc, 'Refunds')).toEqual(['(a) €1,040.00 returned on 2026-05-01 08:30:00 UTC (Credit Card).']);
    expect(clause(doc, 'Token issuance')).toEqual([
      '80,000.5 tokens were issued on 2026-05-11 12:00:00 UTC to the wallet 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.',
      `Transaction hash: ${TX}`,
    ]);
    expect(clause(doc, 'Timeline')).toEqual(['(a) 2026-05-02 10:00:00 UTC: You signed the seven agreements.', '(b) 2026-05-11 12:00:00 UTC: Your tokens were sent to your wallet.']);
  });

  it('each signed agreement with the SHA-256 of its sealed PDF; one still being sealed is said so', () => {
    const [intro, sealed, pending] = clause(statementDocument(facts(), ISSUED_AT), 'Signed agreements');
    expect(intro).toMatch(/SHA-256 of its sealed PDF/);
    expect(sealed).toBe(`(a) Private Placement Memorandum, signed on 2026-05-02 09:59:00 UTC. SHA-256: ${HASH}`);
    expect(pending).toBe('(b) Risk Disclosure, signed on 2026-05-02 09:59:30 UTC; its sealed copy was still being made when this statement was issued.');
  });

  it('a case with nothing yet, in words; a part payment with what is still due', () => {
    const empty = statementDocument(
      facts({
        status: { ...facts().status, review: { standing: 'collecting', resubmission: null }, payment: null, refunds: [], tokens: null, timeline: [] },
        payment: null,
        receipts: [],
        agreements: [],
      }),
      ISSUED_AT,
    );
    expect(clause(empty, 'Payments and receipts')).toEqual(['No payment was made yet.']);
    expect(clause(empty, 'Refunds')).toEqual(['No money was returned.']);
    expect(clause(empty, 'Token issuance')).toEqual(['No tokens were issued yet.']);
    expect(clause(empty, 'Signed agreements')).toEqual(['No agreement was signed yet.']);
    expect(clause(empty, 'Timeline')).toEqual(['Nothing has happened on the case yet.']);
    expect(clause(empty, 'Investment')[2]).toBe('Identity verification: not yet submitted.');

    const base = facts().status.payment!;
    const part = statementDocument(facts({ status: { ...facts().status, payment: { ...base, stage: 'onHold', hold: 'underpaid', receivedCents: 800_020, stillDueCents: 1_200_030, paidAt: null } } }), ISSUED_AT);
    expect(clause(part, 'Payments and receipts')[1]).toBe('Received: €8,000.20. Still due: €12,000.30. Part of the payment was received; €12,000.30 is still due.');
  });

  it('an entity with its authorised signatory', () => {
    const doc = statementDocument(facts({ investor: { type: 'entity', name: 'Analytical Engines AG', authorisedSignatory: 'Charles Babbage', email: 'ae@example.com' } }), ISSUED_AT);
    expect(clause(doc, 'Investment')[0]).toBe('Investor: Analytical Engines AG (an entity, represented by its authorised signatory Charles Babbage), email ae@example.com.');
  });

  it('a name in another script is transliterated for the standard fonts; the PDF is made', async () => {
    const doc = statementDocument(facts({ investor: { type: 'individual', name: 'Иван Петров 王', authorisedSignatory: null, email: 'ivan@example.com' } }), ISSUED_AT);
    expect(clause(doc, 'Investment')[0]).toBe('Investor: Ivan Petrov ? (an individual), email ivan@example.com.');
    expect(doc.subtitle).toBe('For Ivan Petrov ? - issued 2026-05-12 14:03:05 UTC');
    const pdf = await createLegalPdf(doc);
    if (tools) expect(await pdfText(pdf)).toContain('Ivan Petrov');
  });
});

describe('long words on the statement’s lines', () => {
  let font: Awaited<ReturnType<PDFDocument['embedFont']>>;
  const width = PAGE.width - MARGIN.left - MARGIN.right - 18; // a list paragraph's line
  beforeAll(async () => {
    font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
  });

  it('a SHA-256 or a transaction hash is never cut: it moves whole to the next line', () => {
    for (const hash of ['f'.repeat(64), '0'.repeat(64), `0x${'d'.repeat(64)}`, `0x${'8'.repeat(64)}`]) {
      const lines = wrapAnywhere(`(a) A title long enough to fill most of the line, signed on 2026-05-02 09:59:00 UTC. SHA-256: ${hash}`, font, BODY_SIZE, width);
      expect(lines).toContain(hash);
    }
  });

  it('a word longer than the line (a name typed without spaces) is broken by characters within the margin', async () => {
    const name = 'W'.repeat(120);
    const lines = wrapAnywhere(`Investor: ${name} (an individual)`, font, BODY_SIZE, width);
    for (const line of lines) expect(font.widthOfTextAtSize(line, BODY_SIZE)).toBeLessThanOrEqual(width);
    expect(lines.join('')).toContain(name);
    if (tools) expect((await pdfText(await createLegalPdf(statementDocument(facts({ investor: { type: 'individual', name, authorisedSignatory: null, email: 'w@example.com' } }), ISSUED_AT)))).replace(/\s/g, '')).toContain(name);
  });
});
