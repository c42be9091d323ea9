/** The PDFs staff preview: a section's current document, or any version of an agreement (retired ones included). */
import { and, eq } from 'drizzle-orm';
import { contentMessages } from '../../../shared/admin/content-messages.ts';
import { isAgreementKey } from '../../../shared/admin/content.ts';
import { agreementVersions, disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';

export type ContentPdf = { bytes: Uint8Array; name: string };

export async function getSectionPdf(db: Db, sectionId: string): Promise<ContentPdf> {
  if (!isUuid(sectionId)) throw new AppError('NOT_FOUND', contentMessages.sectionNotFound);
  const [row] = await db
    .select({ slug: disclosureSections.slug, bytes: disclosureSections.pdfBytes })
    .from(disclosureSections)
    .where(eq(disclosureSections.id, sectionId));
  if (!row) throw new AppError('NOT_FOUND', contentMessages.sectionNotFound);
  if (!row.bytes) throw new AppError('NOT_FOUND', contentMessages.noDocument);
  return { bytes: row.bytes, name: `${row.slug}.pdf` };
}

export async function getAgreementVersionPdf(db: Db, key: string, versionId: string): Promise<ContentPdf> {
  if (!isAgreementKey(key) || !isUuid(versionId)) throw new AppError('NOT_FOUND', contentMessages.agreementNotFound);
  const [row] = await db
    .select({ bytes: agreementVersions.pdf, createdAt: agreementVersions.createdAt })
    .from(agreementVersions)
    .where(and(eq(agreementVersions.id, versionId), eq(agreementVersions.key, key)));
  if (!row) throw new AppError('NOT_FOUND', contentMessages.agreementNotFound);
  return { bytes: row.bytes, name: `${key.replace(/_/g, '-')}-${row.createdAt.toISOString().slice(0, 10)}.pdf` };
}
