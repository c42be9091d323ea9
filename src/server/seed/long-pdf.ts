/**
 * A document of an exact page count for benchmarks (a 20-page disclosure section): the Risk Factors clauses
 * repeated in rotation and renumbered, flowing over the pages until the last one is full.
 */
import { startLegalPdf, finishLegalPdf } from '../pdf/legal-pdf.ts';
import { RISK_FACTORS } from './disclosure-text/risk-factors.ts';

export async function createLongPdf(pages: number, title: string): Promise<Uint8Array> {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`pages must be a positive integer, got ${pages}`);
  const { doc, t } = await startLegalPdf({ title, subject: `${title} (${pages} pages)` }, pages);
  t.title(title, RISK_FACTORS.subtitle);
  for (const text of RISK_FACTORS.preamble) t.paragraph(text);
  // The typesetter stops at the page budget (t.full), so the rotation always ends on a full last page.
  for (let n = 1; !t.full; n++) {
    const clause = RISK_FACTORS.clauses[(n - 1) % RISK_FACTORS.clauses.length]!;
    t.heading(clause.heading.replace(/^\d+\./, `${n}.`));
    for (const text of clause.paragraphs) t.paragraph(text.replace(/^\d+\.(\d+)/, `${n}.$1`));
  }
  return finishLegalPdf(doc, t, title);
}
