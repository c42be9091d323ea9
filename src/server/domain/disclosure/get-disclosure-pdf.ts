import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isUuid } from '../is-uuid.ts';

export type DisclosurePdfTag = { slug: string; sha256: string };

/** Which document an active section has (no bytes read: enough to answer a revalidation). 404 when none. */
export async function getDisclosurePdfTag(db: Db, sectionId: string): Promise<DisclosurePdfTag> {
  // Not a uuid cannot be a section (and would make PostgreSQL raise instead of answering no rows).
  if (!isUuid(sectionId)) throw new AppError('NOT_FOUND', messages.server.notFound);
  const [row] = await db
    .select({ slug: disclosureSections.slug, sha256: disclosureSections.pdfSha256 })
    .from(disclosureSections)
    .where(and(eq(disclosureSections.id, sectionId), isNull(disclosureSections.retiredAt)))
    .limit(1);
  if (!row?.sha256) throw new AppError('NOT_FOUND', messages.server.notFound);
  return { slug: row.slug, sha256: row.sha256 };
}

/** The bytes of that document; 404 if the section was replaced or retired in between. */
export async function getDisclosurePdfBytes(db: Db, sectionId: string, tag: DisclosurePdfTag): Promise<Uint8Array> {
  const [row] = await db
    .select({ bytes: disclosureSections.pdfBytes })
    .from(disclosureSections)
    .where(and(eq(disclosureSections.id, sectionId), eq(disclosureSections.pdfSha256, tag.sha256), isNull(disclosureSections.retiredAt), isNotNull(disclosureSections.pdfBytes)))
    .limit(1);
  if (!row?.bytes) throw new AppError('NOT_FOUND', messages.server.notFound);
  return row.bytes;
}
