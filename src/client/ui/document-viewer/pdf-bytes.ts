/**
 * Getting a PDF's bytes (ours to fetch, so we own the errors and the bearer token), and fetching them ahead: the
 * lazy viewer asks for them as soon as it is shown, while its chunk and pdf.js are still on their way (and React may
 * hold a fresh Suspense fallback for up to 300 ms), and the loader takes them over. Kept out of the pdf.js chunk.
 */
import { emptyFileError, fetchError, httpError } from './pdf-load-errors.ts';

export interface PdfSource {
  url: string;
  token: string | null;
}

export async function fetchPdfBytes({ url, token }: PdfSource, signal: AbortSignal): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  } catch (error) {
    throw signal.aborted ? signal.reason : fetchError(error);
  }
  if (!response.ok) throw httpError(response.status, response.statusText);
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    throw signal.aborted ? signal.reason : fetchError(error);
  }
  if (bytes.byteLength === 0) throw emptyFileError();
  return new Uint8Array(bytes);
}

/** A prefetch nobody took (the viewer was closed at once) is dropped after this. */
const UNCLAIMED_MS = 30_000;
const ahead = new Map<string, { bytes: Promise<Uint8Array>; drop: () => void }>();
const keyOf = ({ url, token }: PdfSource) => `${token ?? ''}\n${url}`;

/** Starts fetching the bytes unless that is already under way. */
export function prefetchPdf(source: PdfSource): void {
  const key = keyOf(source);
  if (ahead.has(key)) return;
  const controller = new AbortController();
  const bytes = fetchPdfBytes(source, controller.signal);
  bytes.catch(() => undefined); // the loader reports it, if it takes this one
  const timer = setTimeout(() => {
    ahead.delete(key);
    controller.abort();
  }, UNCLAIMED_MS);
  ahead.set(key, { bytes, drop: () => clearTimeout(timer) });
}

/** The prefetched bytes for this source, once (a retry fetches afresh), or null. */
export function takePrefetchedPdf(source: PdfSource): Promise<Uint8Array> | null {
  const key = keyOf(source);
  const entry = ahead.get(key);
  if (!entry) return null;
  ahead.delete(key);
  entry.drop();
  return entry.bytes;
}
