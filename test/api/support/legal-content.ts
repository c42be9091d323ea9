/** The agreements as stored, as sources again (for loading the same content twice). */
import { isNull } from 'drizzle-orm';
import * as schema from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import type { AgreementSource } from '../../../src/server/domain/legal/replace-agreement-versions.ts';
import type { AgreementKey } from '../../../src/shared/legal.ts';

export type { AgreementSource };

export async function agreementPdfSources(db: Db): Promise<AgreementSource[]> {
  const rows = await db.select().from(schema.agreementVersions).where(isNull(schema.agreementVersions.retiredAt));
  return rows.map((row) => ({
    key: row.key as AgreementKey,
    title: row.title,
    pdf: row.pdf,
    checkboxes: row.checkboxes,
    signature: { field: row.signatureField, dateField: row.dateField },
  }));
}
