import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { disclosureSections } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';

export type DisclosurePdf = { slug: string; bytes: Uint8Array; sha256: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The document of an active section. Unknown ids, retired sections and sections without a document are 404. */
export async function getDisclosurePdf(db: Db, sectionId: string): Promise<DisclosurePdf> {
  // Not a uuid cannot be a section (and would make PostgreSQL raise instead of answering no rows).
  if (!UUID.test(sectionId)) throw new AppError('NOT_FOUND', messages.server.notFound);
  const [row] = await db
    .select({ slug: disclosureSections.slug, bytes: disclosureSections.pdfBytes, sha256: disclosureSections.pdfSha256 })
    .from(disclosureSections)
    .where(and(eq(disclosureSections.id, sectionId), isNull(disclosureSections.retiredAt)))
    .limit(1);
  if (!row?.bytes || !row.sha256) throw new AppError('NOT_FOUND', messages.server.notFound);
  return { slug: row.slug, bytes: row.bytes, sha256: row.sha256 };
}
