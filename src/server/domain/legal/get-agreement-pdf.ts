/**
 * GET /api/legal/pdf/:versionId: an agreement's PDF as presented to this investor. The same versions are shown to
 * every investor, so a current version is readable by any investor in the step; a retired version only by the
 * investors who signed it (it is what their signature is bound to). Anything else, or not a version id, is 404.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { agreementVersions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';
import { agreementVersionPdf } from './agreement-version-pdf.ts';
import { hasSignedVersion } from './agreement-versions.ts';

const notFound = () => new AppError('NOT_FOUND', messages.server.notFound);

export type AgreementPdfTag = { key: string; sha256: string };

/** The version's key and SHA-256 when this investor may read it (no bytes read: enough for a revalidation). */
export async function getAgreementPdfTag(db: Db, userId: string, versionId: string): Promise<AgreementPdfTag> {
  // Not a uuid cannot be a version (and would make PostgreSQL raise instead of answering no rows).
  if (!isUuid(versionId)) throw notFound();
  const [row] = await db
    .select({ key: agreementVersions.key, sha256: agreementVersions.sha256, retiredAt: agreementVersions.retiredAt })
    .from(agreementVersions)
    .where(eq(agreementVersions.id, versionId))
    .limit(1);
  if (!row) throw notFound();
  if (row.retiredAt && !(await hasSignedVersion(db, userId, versionId))) throw notFound();
  return { key: row.key, sha256: row.sha256 };
}

/** The bytes (a version never changes, so the tag read before still holds), read once and kept (agreement-version-pdf.ts). */
export async function getAgreementPdfBytes(db: Db, versionId: string): Promise<Uint8Array> {
  const pdf = await agreementVersionPdf(db, versionId);
  if (!pdf) throw notFound();
  return pdf;
}
