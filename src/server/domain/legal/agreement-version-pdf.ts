/**
 * The PDF of an agreement version, as GET /api/legal/pdf serves it to every investor who opens the agreement and as
 * the sealing job needs it for every signature of that version. A version is never changed once written
 * (schema/legal.ts), so its bytes are kept in memory after the first read, checked against their recorded SHA-256:
 * seventy documents of ten investors read seven PDFs from the database, not seventy, and neither does every opening.
 *
 * Read in slices (read-bytea.ts): one piece of 100 KB held the event loop for tens of milliseconds on PGlite.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { agreementVersions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { readBytea } from '../documents/read-bytea.ts';

/** A few versions per agreement over the portal's life: far below this. */
const MAX_CACHED = 64;
/** By version id; a promise, so that the jobs of one batch that need the same version read it once. */
const cache = new Map<string, Promise<Uint8Array | null>>();

export class VersionPdfMismatchError extends Error {
  override readonly name = 'VersionPdfMismatchError';
}

/** The version's PDF, or null when there is no such version. Throws VersionPdfMismatchError when its bytes do not match its SHA-256. */
export function agreementVersionPdf(db: Db, versionId: string): Promise<Uint8Array | null> {
  const cached = cache.get(versionId);
  if (cached) return cached;
  const reading = readVersionPdf(db, versionId);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(versionId, reading);
  // Only a good read stays: a failure or a missing version is read again next time.
  reading.then(
    (pdf) => pdf ?? cache.delete(versionId),
    () => cache.delete(versionId),
  );
  return reading;
}

async function readVersionPdf(db: Db, versionId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ sha256: agreementVersions.sha256 }).from(agreementVersions).where(eq(agreementVersions.id, versionId)).limit(1);
  if (!row) return null;
  const pdf = await readBytea(db, agreementVersions, agreementVersions.pdf, agreementVersions.id, versionId);
  if (!pdf) return null;
  if (createHash('sha256').update(pdf).digest('hex') !== row.sha256) throw new VersionPdfMismatchError(`agreement version ${versionId} does not match its recorded SHA-256`);
  return pdf;
}
