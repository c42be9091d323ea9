/**
 * The offering documents the portal seeds as its disclosure sections, in the order the investor reads them.
 * pdf-lib is imported only when a PDF is made, so the list itself (slugs, titles, file names) is cheap to import.
 */
import type { LegalDocument } from '../pdf/legal-pdf.ts';
import { FOUNDATION_GOVERNANCE } from './disclosure-text/foundation-governance.ts';
import { OFFERING_MEMORANDUM_SUMMARY } from './disclosure-text/offering-memorandum-summary.ts';
import { RISK_FACTORS } from './disclosure-text/risk-factors.ts';
import { TOKEN_TERMS } from './disclosure-text/token-terms.ts';

export type DisclosureSlug = 'offering-memorandum-summary' | 'risk-factors' | 'token-terms' | 'foundation-governance';

export type DisclosureDocument = {
  /** Stable key, safe to store and to use in URLs. */
  slug: DisclosureSlug;
  title: string;
  /** Suggested download name of the PDF. */
  fileName: string;
  document: LegalDocument;
};

function disclosure(slug: DisclosureSlug, document: LegalDocument): DisclosureDocument {
  return { slug, title: document.title, fileName: `g2g-${slug}.pdf`, document };
}

export const DISCLOSURE_DOCUMENTS: readonly DisclosureDocument[] = [
  disclosure('offering-memorandum-summary', OFFERING_MEMORANDUM_SUMMARY),
  disclosure('risk-factors', RISK_FACTORS),
  disclosure('token-terms', TOKEN_TERMS),
  disclosure('foundation-governance', FOUNDATION_GOVERNANCE),
];

const generated = new Map<string, Promise<Uint8Array>>();

/**
 * The PDF bytes of one disclosure document; generated once per process per slug (the output is deterministic).
 * Takes any string so a slug read back from the database can be passed; an unknown slug rejects.
 */
export function createDisclosurePdf(slug: DisclosureSlug | (string & {})): Promise<Uint8Array> {
  const entry = DISCLOSURE_DOCUMENTS.find((d) => d.slug === slug);
  if (!entry) return Promise.reject(new Error(`Unknown disclosure document: ${slug}`));
  let bytes = generated.get(slug);
  if (!bytes) {
    bytes = import('../pdf/legal-pdf.ts')
      .then(({ createLegalPdf }) => createLegalPdf(entry.document))
      .catch((error: unknown) => {
        generated.delete(slug);
        throw error;
      });
    generated.set(slug, bytes);
  }
  return bytes;
}
