/**
 * Turns what can go wrong while getting a PDF on screen into the catalogue's words (spec section 8),
 * so the machine only shows `error.message`. Our own aborts never come here: the loader rethrows
 * its signal's reason instead, which the machine keeps silent.
 */
import { messages } from '../../../shared/messages.ts';

const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : 'Unknown error';

/** A non-OK response: 'HTTP {status}: {statusText}' (HTTP/2 has no status text: then 'HTTP {status}'). */
export class PdfHttpError extends Error {
  override readonly name = 'PdfHttpError';
  constructor(readonly status: number, statusText: string) {
    super(statusText ? messages.pdf.http(status, statusText) : messages.general.http(status));
  }
}

export const httpError = (status: number, statusText: string): Error => new PdfHttpError(status, statusText);

export const isUnauthorized = (error: unknown): boolean => error instanceof PdfHttpError && error.status === 401;

/** The network request itself failed (offline, DNS, CORS). */
export const fetchError = (error: unknown): Error => new Error(messages.pdf.failed(reasonOf(error)));

/** pdf.js refused the bytes: a password, a broken file, or anything else it reports. */
export function documentError(error: unknown): Error {
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'PasswordException') {
    return new Error(messages.pdf.password);
  }
  return new Error(messages.pdf.failed(reasonOf(error)));
}

export const emptyFileError = (): Error => new Error(messages.pdf.empty);
export const libraryError = (): Error => new Error(messages.pdf.libraryFailed);
export const initError = (): Error => new Error(messages.pdf.initFailed);
