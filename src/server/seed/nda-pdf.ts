/**
 * The NDA as an A4 PDF, set by ../pdf/legal-pdf.ts from the words in nda-text.ts, with the witness line and a signature
 * block for each party.
 */
import { createLegalPdf, type LegalDocument } from '../pdf/legal-pdf.ts';
import { NDA_CLAUSES, NDA_PREAMBLE, NDA_SIGNATURE_BLOCK, NDA_TITLE } from './nda-text.ts';

// nda-text.ts lists both parties' lines in one array: each party's name is followed by its own lines.
const [foundation = '', foundationSigns = '', investor = '', ...investorLines] = NDA_SIGNATURE_BLOCK;

const NDA_DOCUMENT: LegalDocument = {
  title: NDA_TITLE,
  subject: 'Confidentiality undertakings for prospective investors in the G2G token private placement',
  preamble: NDA_PREAMBLE,
  clauses: NDA_CLAUSES,
  closing: ['IN WITNESS WHEREOF the Parties have entered into this Agreement as of the date of electronic acceptance.'],
  signatures: [
    { party: foundation, lines: [foundationSigns] },
    { party: investor, lines: investorLines },
  ],
};

let generated: Promise<Uint8Array> | null = null;

/** The NDA bytes; generated once per process (the output is deterministic). */
export function createNdaPdf(): Promise<Uint8Array> {
  generated ??= createLegalPdf(NDA_DOCUMENT).catch((error: unknown) => {
    generated = null;
    throw error;
  });
  return generated;
}
