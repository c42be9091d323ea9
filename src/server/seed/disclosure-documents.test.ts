import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DISCLOSURE_DOCUMENTS, createDisclosurePdf } from './disclosure-documents.ts';
import { createLegalPdf } from '../pdf/legal-pdf.ts';
import { createLongPdf } from './long-pdf.ts';
import { createNdaPdf } from './nda-pdf.ts';

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
const magic = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1');

describe('disclosure documents', () => {
  it('lists the four offering documents in reading order with stable slugs', () => {
    expect(DISCLOSURE_DOCUMENTS.map((d) => d.slug)).toEqual([
      'offering-memorandum-summary',
      'risk-factors',
      'token-terms',
      'foundation-governance',
    ]);
    expect(DISCLOSURE_DOCUMENTS.map((d) => d.title)).toEqual([
      'Offering Memorandum Summary',
      'Risk Factors',
      'Token Terms and Conditions',
      'Foundation Governance',
    ]);
  });

  it('uses only printable ASCII, which the standard PDF fonts can set', () => {
    for (const { document } of DISCLOSURE_DOCUMENTS) {
      const texts = [document.title, document.subtitle ?? '', ...document.preamble, ...(document.closing ?? [])];
      for (const c of document.clauses) texts.push(c.heading, ...c.paragraphs);
      for (const text of texts) expect(text, text).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('states at least 12 numbered risks', () => {
    const risks = DISCLOSURE_DOCUMENTS.find((d) => d.slug === 'risk-factors')!.document.clauses;
    expect(risks.length).toBeGreaterThanOrEqual(12);
    risks.forEach((c, i) => expect(c.heading.startsWith(`${i + 1}. `)).toBe(true));
  });

  it.each(DISCLOSURE_DOCUMENTS.map((d) => [d.slug, d] as const))('%s renders as a 3 to 6 page PDF', async (slug, entry) => {
    const bytes = await createDisclosurePdf(slug);
    expect(magic(bytes)).toBe('%PDF-');
    const pages = await pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pages).toBeLessThanOrEqual(6);
    expect((await PDFDocument.load(bytes)).getTitle()).toContain(entry.title);
  });

  it.each(DISCLOSURE_DOCUMENTS.map((d) => [d.slug, d] as const))('%s is deterministic', async (_slug, entry) => {
    // createDisclosurePdf memoises, so generate twice from scratch to compare real output.
    const [a, b] = await Promise.all([createLegalPdf(entry.document), createLegalPdf(entry.document)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(await createDisclosurePdf(entry.slug)).equals(Buffer.from(a))).toBe(true);
  });

  it('rejects an unknown slug', async () => {
    await expect(createDisclosurePdf('no-such-document')).rejects.toThrow('Unknown disclosure document');
  });
});

describe('long document', () => {
  it('has exactly the requested number of pages', async () => {
    const bytes = await createLongPdf(20, 'Extended Risk Disclosure');
    expect(magic(bytes)).toBe('%PDF-');
    expect(await pageCount(bytes)).toBe(20);
    expect(await pageCount(await createLongPdf(1, 'One Page'))).toBe(1);
  });

  it('is deterministic', async () => {
    const [a, b] = await Promise.all([createLongPdf(3, 'Extended Risk Disclosure'), createLongPdf(3, 'Extended Risk Disclosure')]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('refuses a page count that is not a positive integer', async () => {
    await expect(createLongPdf(0, 'None')).rejects.toThrow(RangeError);
  });
});

describe('NDA', () => {
  it('still renders on the shared typesetter', async () => {
    const bytes = await createNdaPdf();
    expect(magic(bytes)).toBe('%PDF-');
    expect(await pageCount(bytes)).toBeGreaterThanOrEqual(2);
  });
});
