import { describe, expect, it } from 'vitest';
import { documentError, emptyFileError, fetchError, httpError, initError, libraryError } from './pdf-load-errors.ts';

const message = (e: unknown) => (e as Error).message;

describe('pdf load errors in the catalogue words', () => {
  it('HTTP failures read "HTTP {status}: {statusText}"', () => {
    expect(message(httpError(404, 'Not Found'))).toBe('HTTP 404: Not Found');
    expect(message(httpError(401, 'Unauthorized'))).toBe('HTTP 401: Unauthorized');
    expect(message(httpError(502, ''))).toBe('HTTP 502');
  });

  it('names the fixed failures', () => {
    expect(message(emptyFileError())).toBe('PDF file is empty');
    expect(message(libraryError())).toBe('PDF.js failed to load');
    expect(message(initError())).toBe('Failed to initialize PDF viewer');
  });

  it('asks for a password on a PasswordException, and gives the reason otherwise', () => {
    const password = Object.assign(new Error('No password given'), { name: 'PasswordException' });
    expect(message(documentError(password))).toBe('This PDF requires a password');
    const invalid = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    expect(message(documentError(invalid))).toBe('Failed to load PDF: Invalid PDF structure.');
    expect(message(documentError('bad xref'))).toBe('Failed to load PDF: bad xref');
    expect(message(fetchError(new TypeError('Failed to fetch')))).toBe('Failed to load PDF: Failed to fetch');
  });

  it('reports an abort it did not ask for as a failure (the loader rethrows its own aborts itself)', () => {
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    expect(message(fetchError(abort))).toBe('Failed to load PDF: The user aborted a request.');
  });
});
