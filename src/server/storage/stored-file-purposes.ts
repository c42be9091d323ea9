/**
 * What each file the server keeps is for: one enumeration for the stored_files CHECK constraint and the code.
 * - kyc_document: an investor's KYC upload (identity, selfie, address proofs);
 * - agreement_signed: an investor's signed agreement PDF (the agreements step);
 * - staff_upload: reserved for a file the foundation's staff put in (the back-office's content PDFs live in their rows,
 *   bytea, today: no row has this purpose yet);
 * - investment_statement: an investor's sealed statement of their investment (investment_statements).
 */
export const STORED_FILE_PURPOSES = ['kyc_document', 'agreement_signed', 'staff_upload', 'investment_statement'] as const;
export type StoredFilePurpose = (typeof STORED_FILE_PURPOSES)[number];
