/**
 * The shape of one of the seven legal agreements signed in the agreements step: the document itself (typeset by
 * createLegalPdf), the confirmation checkboxes shown beside it, and the names of the investor's signature and
 * signature-date fields, which the portal stamps on the signed copy. Also the closing words and signature blocks
 * the seven documents share, so that every one of them ends the same way.
 */
import type { LegalDocument, SignatureBlock } from '../../pdf/legal-pdf.ts';
import { prose } from '../disclosure-text/prose.ts';

export type AgreementKey = 'ppm' | 'investment' | 'token_purchase' | 'terms' | 'qualified_investor' | 'privacy' | 'risk';

export type AgreementCheckbox = { id: string; text: string; required: boolean; critical: boolean };

export type AgreementContent = {
  key: AgreementKey;
  /** As on the document. */
  title: string;
  document: LegalDocument;
  /** 2-6 per agreement; ids are stable snake_case, unique within the agreement. */
  checkboxes: AgreementCheckbox[];
  /** The investor's signature field and its date field, unique across the seven agreements (prefixed with the key). */
  signature: AgreementSignatureFields;
};

export type AgreementSignatureFields = { field: string; dateField: string };

/** The names of an agreement's signature and date fields: in its configuration and on its signature line. */
export const signatureFields = (key: AgreementKey): AgreementSignatureFields => ({
  field: `${key}_investor_signature`,
  dateField: `${key}_investor_signature_date`,
});

/**
 * The closing paragraph every agreement ends with: how the investor signs, and that the portal records when.
 * `what` names the document as its own text does, e.g. 'this Agreement' or 'this Declaration', and `who` the
 * signing party as the document defines it ('The Investor', 'The Purchaser', 'The Declarant').
 */
export function electronicSignatureClosing(what: string, who = 'The Investor'): string {
  return prose(`${who} signs ${what} electronically in the Portal, by ticking the confirmations displayed
    beside it and drawing its signature in the signature field. The Portal records the date and time of signature
    (UTC) and places them, together with the signature, on the signed copy of ${what}, which is kept by the
    Foundation and can be downloaded by ${who.replace(/^The /, 'the ')} from the Portal at any time.`);
}

/**
 * The investor's block: the portal stamps the drawn signature and the date and time of signature on these lines,
 * which carry the agreement's signature and date fields.
 */
export function investorSignatureBlock(fields: AgreementSignatureFields, party = 'The Investor'): SignatureBlock {
  return {
    party,
    lines: [
      { label: 'Signature:', field: fields.field, kind: 'signature' },
      { label: 'Date and time of signature:', field: fields.dateField, kind: 'date', note: '(UTC, recorded by the Portal)' },
      'Name: as registered in the Portal; for a legal entity, its authorised signatory',
    ],
  };
}

/** The Foundation's block: two authorised signatories sign jointly, as entered in the commercial register. */
export function foundationSignatureBlock(note = 'Acting by two authorised signatories, signing jointly'): SignatureBlock {
  return {
    party: 'G2G Token Foundation, Zug, Switzerland',
    lines: [
      note,
      'By: ______________________________   Member of the Foundation Council',
      'By: ______________________________   Member of the Foundation Council or authorised officer',
    ],
  };
}
