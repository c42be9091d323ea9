import type { IssuedDocumentKind } from '../../src/shared/verify-document.ts';
/**
 * A file the visitor dropped or chose, as the chart sees it: its name and size (to refuse what is too large before
 * reading it) and a way to read its bytes, which only the app's hashing effect calls. Nothing of it leaves the browser.
 */
export type ChosenFile = {
  readonly name: string;
  readonly size: number;
  /** The file's bytes (the app passes File.arrayBuffer; tests pass fixed bytes). */
  readonly read: () => Promise<ArrayBuffer>;
};

export type VerifyDocumentContext = {
  file: ChosenFile | null;
  /** Lower-case hex SHA-256 of the file, once computed (shown on the page). */
  sha256: string | null;
  /** The issued document's kind, title and signing (or, for a statement, sealing) time (ISO 8601), while `issued`. */
  kind: IssuedDocumentKind | null;
  title: string | null;
  signedAt: string | null;
  /** Why the file was refused or the check failed, in words, while `refused` or `failed`. */
  error: string | null;
};

export type VerifyDocumentEvent = { type: 'verify.file.choose'; file: ChosenFile } | { type: 'verify.retry' };

export type HashFileInput = { file: ChosenFile };
/** A PDF's SHA-256, or the news that the bytes are not a PDF (checked on its first bytes, before hashing all). */
export type HashFileOutput = { kind: 'pdf'; sha256: string } | { kind: 'notPdf' };

export type CheckHashInput = { sha256: string };
/** The server's answer (src/shared/verify-document.ts). */
export type CheckHashOutput = { issued: true; kind: IssuedDocumentKind; title: string; signedAt: string } | { issued: false };

export type VerifyDocumentTag = 'busy';
