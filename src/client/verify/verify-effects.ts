/**
 * The effects the verify-document chart is given: hashing in the browser and the one request, which carries the hash
 * and nothing else (no file, no name, no cookie or token: the page has no session). Failures become the words to show.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import type { CheckHashInput, CheckHashOutput, HashFileInput, HashFileOutput } from '../../../machines/verify-document/verify-document.types.ts';
import { VERIFY_DOCUMENT_PATH, VerifyDocumentResponseSchema, verifyWords } from '../../shared/verify-document.ts';
import { sha256Hex, startsLikePdf } from './sha256-file.ts';

export async function hashFile({ file }: HashFileInput): Promise<HashFileOutput> {
  const bytes = await file.read();
  if (!startsLikePdf(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8)))) return { kind: 'notPdf' };
  return { kind: 'pdf', sha256: await sha256Hex(bytes) };
}

export async function checkHash({ sha256 }: CheckHashInput, signal?: AbortSignal): Promise<CheckHashOutput> {
  let res: Response;
  try {
    res = await fetch(VERIFY_DOCUMENT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sha256 }),
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
  } catch {
    throw new Error(verifyWords.failed);
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = v.safeParse(VerifyDocumentResponseSchema, body);
    if (parsed.success) return parsed.output;
    throw new Error(verifyWords.failed);
  }
  // The server's own words for a refusal it explains (too many checks); anything else is "could not be reached".
  const error = (body as { error?: unknown } | null)?.error;
  throw new Error(res.status === 429 && typeof error === 'string' && error ? error : verifyWords.failed);
}

export const verifyDocumentActors = {
  hashFile: fromPromise<HashFileOutput, HashFileInput>(({ input }) => hashFile(input)),
  checkHash: fromPromise<CheckHashOutput, CheckHashInput>(({ input, signal }) => checkHash(input, signal)),
};
