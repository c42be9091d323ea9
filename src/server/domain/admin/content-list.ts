/**
 * GET /api/admin/content: every disclosure section (current and removed) and every version of the seven agreements,
 * with how many investors completed each section and signed each version, and the back-office's changes of each
 * section. Three queries whatever the number of rows (counts are grouped subqueries, PDFs' bytes never read).
 */
import { asc, desc, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { AdminAgreement, AdminAgreementVersion, AdminContentResponse, ContentChange } from '../../../shared/admin/content.ts';
import { AGREEMENT_KEYS, type AgreementKey } from '../../../shared/legal.ts';
import { agreementSignatures, agreementVersions, auditEvents, disclosureReads, disclosureSections, staffMembers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** The section changes shown per section: the newest this many (older ones stay in the audit trail). */
const SECTION_HISTORY_LIMIT = 500;

export async function listAdminContent(db: Db): Promise<AdminContentResponse> {
  const readers = db
    .select({ sectionId: disclosureReads.sectionId, n: sql<number>`count(*)::int`.as('n') })
    .from(disclosureReads)
    .where(isNotNull(disclosureReads.completedAt))
    .groupBy(disclosureReads.sectionId)
    .as('readers');
  const signers = db
    .select({ versionId: agreementSignatures.versionId, n: sql<number>`count(*)::int`.as('n') })
    .from(agreementSignatures)
    .groupBy(agreementSignatures.versionId)
    .as('signers');

  const [sections, versions, changes] = await Promise.all([
    db
      .select({
        id: disclosureSections.id,
        slug: disclosureSections.slug,
        title: disclosureSections.title,
        order: disclosureSections.position,
        minReadingMinutes: disclosureSections.minReadingMinutes,
        sha256: disclosureSections.pdfSha256,
        sizeBytes: sql<number | null>`octet_length(${disclosureSections.pdfBytes})`,
        readers: sql<number>`coalesce(${readers.n}, 0)`,
        updatedAt: disclosureSections.updatedAt,
        retiredAt: disclosureSections.retiredAt,
      })
      .from(disclosureSections)
      .leftJoin(readers, eq(readers.sectionId, disclosureSections.id))
      .orderBy(sql`${disclosureSections.retiredAt} is not null`, asc(disclosureSections.position), asc(disclosureSections.slug)),
    db
      .select({
        id: agreementVersions.id,
        key: agreementVersions.key,
        title: agreementVersions.title,
        sha256: agreementVersions.sha256,
        sizeBytes: sql<number>`octet_length(${agreementVersions.pdf})`,
        checkboxes: agreementVersions.checkboxes,
        signatureField: agreementVersions.signatureField,
        dateField: agreementVersions.dateField,
        createdAt: agreementVersions.createdAt,
        retiredAt: agreementVersions.retiredAt,
        signers: sql<number>`coalesce(${signers.n}, 0)`,
      })
      .from(agreementVersions)
      .leftJoin(signers, eq(signers.versionId, agreementVersions.id))
      .orderBy(desc(agreementVersions.createdAt), desc(agreementVersions.id)),
    db
      .select({ at: auditEvents.at, action: auditEvents.action, detail: auditEvents.detail, staffName: staffMembers.displayName })
      .from(auditEvents)
      .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffId))
      .where(like(auditEvents.action, 'admin.content.disclosure.%'))
      .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
      .limit(SECTION_HISTORY_LIMIT),
  ]);

  const historyBySection = new Map<string, ContentChange[]>();
  for (const change of changes) {
    const sectionId = typeof change.detail.sectionId === 'string' ? change.detail.sectionId : null;
    if (!sectionId) continue;
    const list = historyBySection.get(sectionId) ?? [];
    list.push({
      at: change.at.toISOString(),
      action: change.action,
      staffName: change.staffName,
      oldSha256: typeof change.detail.oldSha256 === 'string' ? change.detail.oldSha256 : null,
      newSha256: typeof change.detail.newSha256 === 'string' ? change.detail.newSha256 : null,
    });
    historyBySection.set(sectionId, list);
  }

  const versionsByKey = new Map<AgreementKey, AdminAgreementVersion[]>();
  for (const row of versions) {
    const key = row.key as AgreementKey;
    const list = versionsByKey.get(key) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      sha256: row.sha256,
      sizeBytes: Number(row.sizeBytes),
      checkboxes: row.checkboxes,
      signatureField: row.signatureField,
      dateField: row.dateField,
      createdAt: row.createdAt.toISOString(),
      retiredAt: row.retiredAt?.toISOString() ?? null,
      signers: Number(row.signers),
    });
    versionsByKey.set(key, list);
  }
  const agreements: AdminAgreement[] = AGREEMENT_KEYS.map((key, index) => {
    const list = versionsByKey.get(key) ?? [];
    return { key, order: index + 1, current: list.find((v) => v.retiredAt === null) ?? null, versions: list };
  });

  return {
    sections: sections.map((s) => ({
      id: s.id,
      slug: s.slug,
      title: s.title,
      order: s.order,
      minReadingSeconds: Math.round(s.minReadingMinutes * 60),
      sha256: s.sha256,
      sizeBytes: s.sizeBytes === null ? null : Number(s.sizeBytes),
      readers: Number(s.readers),
      updatedAt: s.updatedAt.toISOString(),
      retiredAt: s.retiredAt?.toISOString() ?? null,
      history: historyBySection.get(s.id) ?? [],
    })),
    agreements,
  };
}
