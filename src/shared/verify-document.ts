/**
 * Public document verification (issue 16): POST /api/verify/document with the SHA-256 a browser computed of a PDF;
 * the answer says whether the portal issued that exact file, as a sealed agreement or as an investor's sealed
 * statement (issue 28), with its kind, title and time only (nothing about whose it is). The file itself never leaves the browser. The /verify page's words live here
 * too: the page is its own small build and must not pull in the investor app's message catalogue.
 */
import * as v from 'valibot';

export const VERIFY_DOCUMENT_PATH = '/api/verify/document';

export const VERIFY_DOCUMENT = {
  /** Checks one client address may make per window (a person checks a handful of files; a script gets refused). */
  checksPerWindow: 20,
  windowSeconds: 60,
  /** The largest file the page hashes: a sealed agreement is well under 1 MB; this only keeps a browser responsive. */
  maxFileBytes: 50 * 1024 * 1024,
} as const;

/** Lower-case hex, as the browser's digest is written and as stored_files keeps it; anything else is refused. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The answer to a malformed hash (valibot's own message would echo the input back). */
export const BAD_SHA256_MESSAGE = 'The fingerprint must be a SHA-256 written as 64 lower-case hexadecimal characters.';

/** Only `sha256`: an extra key is a malformed request, not something to ignore. */
export const VerifyDocumentRequestSchema = v.strictObject({ sha256: v.pipe(v.string(), v.regex(SHA256_HEX, BAD_SHA256_MESSAGE)) });
export type VerifyDocumentRequest = v.InferOutput<typeof VerifyDocumentRequestSchema>;

/** What the portal issued: a signed agreement, or an investment statement (src/shared/investment-statement.ts). */
export const ISSUED_DOCUMENT_KINDS = ['agreement', 'statement'] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/**
 * `signedAt` (ISO 8601), the date the document itself shows: for an agreement when the investor signed it, for a
 * statement when it was issued and sealed.
 */
export const VerifyDocumentResponseSchema = v.variant('issued', [
  v.strictObject({ issued: v.literal(true), kind: v.picklist(ISSUED_DOCUMENT_KINDS), title: v.string(), signedAt: v.pipe(v.string(), v.isoTimestamp()) }),
  v.strictObject({ issued: v.literal(false) }),
]);
export type VerifyDocumentResponse = v.InferOutput<typeof VerifyDocumentResponseSchema>;

export const verifyWords = {
  pageTitle: 'Verify a document',
  intro:
    'Check whether a signed agreement or an investment statement PDF was issued by the G2G investor portal and has not been changed since it was sealed. ' +
    'Your browser computes the file’s fingerprint (SHA-256); only that fingerprint is sent, never the file.',
  dropHere: 'Drop a PDF here',
  or: 'or',
  choose: 'Choose a PDF file',
  hashing: 'Computing the file’s fingerprint…',
  checking: 'Checking with the portal…',
  /** A statement is not signed by anyone: it says when the foundation sealed it. */
  issued: (title: string, date: string, kind: IssuedDocumentKind) => `This document was issued by the portal: ${title}, ${kind === 'statement' ? 'sealed' : 'signed'} on ${date}.`,
  notIssued: 'This document was not issued by the portal, or it was changed after it was sealed.',
  fingerprint: 'SHA-256 of the file',
  fileName: 'File',
  tooLarge: `This file is larger than ${VERIFY_DOCUMENT.maxFileBytes / (1024 * 1024)} MB: it cannot be a document the portal issued.`,
  notPdf: 'This file is not a PDF. Please choose the PDF you downloaded from the portal.',
  unreadable: 'The file could not be read. Please choose it again.',
  failed: 'The portal could not be reached. Please try again.',
  tooManyChecks: 'Too many checks from your address. Please wait a minute and try again.',
  another: 'Check another file',
  retry: 'Try again',
  privacy: 'The answer shows only the document’s title and date, never whose it is.',
} as const;
