/**
 * The PDF of an agreement version, as the sealing job needs it for every signature of that version. A version is
 * never changed once written (schema/legal.ts), so its bytes are kept in memory after the first read, checked against
 * their recorded SHA-256: seventy documents of ten investors read seven PDFs from the database, not seventy.
 *
 * Read as base64 text (encode() in SQL, Buffer to decode): PGlite turns a bytea into bytes one parseInt per byte on
 * the event loop, about 10 ms for a 100 KB agreement, measured while sealing (docs/decisions.md, issue 12).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { agreementVersions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** A few versions per agreement over the portal's life: far below this. */
const MAX_CACHED = 64;
const cache = new Map<string, Uint8Array>();

/** SQL for a bytea column as base64 text; `fromBase64` turns it back into bytes. */
export const base64Of = (column: Parameters<typeof sql>[1]) => sql<string>`encode(${column}, 'base64')`;
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

export class VersionPdfMismatchError extends Error {
  override readonly name = 'VersionPdfMismatchError';
}

/** The version's PDF, or null when there is no such version. Throws VersionPdfMismatchError when its bytes do not match its SHA-256. */
export async function agreementVersionPdf(db: Db, versionId: string): Promise<Uint8Array | null> {
  const cached = cache.get(versionId);
  if (cached) return cached;
  const [row] = await db
    .select({ pdf: base64Of(agreementVersions.pdf), sha256: agreementVersions.sha256 })
    .from(agreementVersions)
    .where(eq(agreementVersions.id, versionId))
    .limit(1);
  if (!row) return null;
  const pdf = fromBase64(row.pdf);
  if (createHash('sha256').update(pdf).digest('hex') !== row.sha256) throw new VersionPdfMismatchError(`agreement version ${versionId} does not match its recorded SHA-256`);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(versionId, pdf);
  return pdf;
}
