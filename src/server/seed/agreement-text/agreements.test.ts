import { PDFDocument, PDFSignature, PDFTextField } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createLegalPdf, SIGNATURE_FIELD, type SignatureLine } from '../../pdf/legal-pdf.ts';
import type { AgreementContent } from './agreement-content.ts';
import { AGREEMENTS } from './index.ts';

/** The page count each agreement must have as an A4 PDF (inclusive). */
const PAGE_RANGES: Record<AgreementContent['key'], [number, number]> = {
  ppm: [6, 9],
  investment: [5, 7],
  token_purchase: [5, 7],
  terms: [4, 5],
  qualified_investor: [2, 3],
  privacy: [4, 5],
  risk: [3, 4],
};

const lineText = (line: SignatureLine): string => (typeof line === 'string' ? line : `${line.label} ${line.note ?? ''}`.trim());

function allTexts(agreement: AgreementContent): string[] {
  const d = agreement.document;
  const texts = [agreement.title, d.title, d.subject, d.subtitle ?? '', ...d.preamble, ...(d.closing ?? [])];
  for (const c of d.clauses) texts.push(c.heading, ...c.paragraphs);
  for (const s of d.signatures ?? []) texts.push(s.party, ...s.lines.map(lineText));
  for (const box of agreement.checkboxes) texts.push(box.id, box.text);
  texts.push(agreement.signature.field, agreement.signature.dateField);
  return texts;
}

describe('legal agreements', () => {
  it('lists the seven agreements in portal order', () => {
    expect(AGREEMENTS.map((a) => a.key)).toEqual([
      'ppm',
      'investment',
      'token_purchase',
      'terms',
      'qualified_investor',
      'privacy',
      'risk',
    ]);
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s uses only printable ASCII', (_key, agreement) => {
    for (const text of allTexts(agreement)) expect(text, text).toMatch(/^[\x20-\x7e]*$/);
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s has no placeholder text', (_key, agreement) => {
    for (const text of allTexts(agreement)) expect(text, text).not.toMatch(/lorem|ipsum|\[insert|\bTODO\b|\bTBD\b|\[\s*\]/i);
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s has the document title and a closing on electronic signature', (_key, agreement) => {
    expect(agreement.document.title).toBe(agreement.title);
    const closing = (agreement.document.closing ?? []).join(' ');
    expect(closing).toContain('electronically in the Portal');
    expect(closing).toContain('date and time of signature');
    const parties = (agreement.document.signatures ?? []).map((s) => s.party);
    expect(parties).toHaveLength(2);
    expect(parties[1]).toContain('G2G Token Foundation');
    const investorLines = agreement.document.signatures![0]!.lines.map(lineText).join('\n');
    expect(investorLines).toMatch(/^Signature:/m);
    expect(investorLines).toMatch(/^Date and time of signature:/m);
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))(
    '%s has 2-6 checkboxes with unique snake_case ids, at least one required and one critical',
    (_key, agreement) => {
      const ids = agreement.checkboxes.map((c) => c.id);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.length).toBeLessThanOrEqual(6);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(agreement.checkboxes.some((c) => c.required)).toBe(true);
      expect(agreement.checkboxes.some((c) => c.critical)).toBe(true);
      // A critical acknowledgment is one the signature cannot do without, so it is always required.
      for (const c of agreement.checkboxes) if (c.critical) expect(c.required, c.id).toBe(true);
      for (const c of agreement.checkboxes) expect(c.text.length, c.id).toBeGreaterThan(20);
    },
  );

  it('names signature fields uniquely across agreements, prefixed with the key', () => {
    const names = AGREEMENTS.flatMap((a) => [a.signature.field, a.signature.dateField]);
    expect(new Set(names).size).toBe(names.length);
    for (const a of AGREEMENTS) {
      expect(a.signature.field).toBe(`${a.key}_investor_signature`);
      expect(a.signature.dateField).toBe(`${a.key}_investor_signature_date`);
    }
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s renders as an A4 PDF within its page range', async (key, agreement) => {
    const bytes = await createLegalPdf(agreement.document);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    const [min, max] = PAGE_RANGES[key];
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(min);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(max);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toContain(agreement.title);
  });

  it.each(AGREEMENTS.map((a) => [a.key, a] as const))(
    '%s carries its signature and date fields on the investor signature lines of its last page',
    async (_key, agreement) => {
      const pdf = await PDFDocument.load(await createLegalPdf(agreement.document));
      const form = pdf.getForm();
      expect(form.getFields().map((f) => f.getName()).sort()).toEqual([agreement.signature.field, agreement.signature.dateField].sort());
      const signature = form.getField(agreement.signature.field);
      const date = form.getField(agreement.signature.dateField);
      expect(signature).toBeInstanceOf(PDFSignature);
      expect(date).toBeInstanceOf(PDFTextField);
      expect(date.isReadOnly()).toBe(true);
      const lastPage = pdf.getPage(pdf.getPageCount() - 1);
      const [sigWidget] = signature.acroField.getWidgets();
      const [dateWidget] = date.acroField.getWidgets();
      // Both widgets are annotations of the last page, the signature above the date, inside the margins.
      const annots = lastPage.node.Annots()?.asArray() ?? [];
      expect(annots).toHaveLength(2);
      const sig = sigWidget!.getRectangle();
      const when = dateWidget!.getRectangle();
      expect([sig.width, sig.height]).toEqual([SIGNATURE_FIELD.width, SIGNATURE_FIELD.height]);
      expect(sig.y).toBeGreaterThan(when.y + when.height);
      for (const r of [sig, when]) {
        expect(r.x).toBeGreaterThan(60);
        expect(r.x + r.width).toBeLessThan(595 - 60);
        expect(r.y).toBeGreaterThan(70);
      }
    },
  );

  it('typesets an agreement to the same bytes every time', async () => {
    const [a, b] = await Promise.all([createLegalPdf(AGREEMENTS[0]!.document), createLegalPdf(AGREEMENTS[0]!.document)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
