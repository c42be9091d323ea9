/**
 * The issuer-admin's changes to issuer content, made with the loader's own code and rules
 * (replace-disclosure-sections.ts, replace-agreement-versions.ts): the stored set is read, the one change applied to
 * it, and the whole set handed to the loader's function, so a replaced document resets the investors who have not
 * finished (sections: their reading of it; agreements: their unsigned draft) and signed agreements keep their version.
 *
 * Each change is one transaction with one audit event (admin.content.*, old and new SHA-256). Content changes take
 * one advisory lock, so two staff changes never read the same set and overwrite each other; an identical change sent
 * twice (a double click) changes nothing the second time.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { contentMessages } from '../../../shared/admin/content-messages.ts';
import type { ContentChangeResponse, SectionFields } from '../../../shared/admin/content.ts';
import type { AgreementCheckbox, AgreementKey } from '../../../shared/legal.ts';
import { agreementVersions, disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { replaceDisclosureSections, SectionsRefusedError, type SectionSource } from '../disclosure/replace-disclosure-sections.ts';
import { isUuid } from '../is-uuid.ts';
import { AgreementsRefusedError, replaceAgreementVersions, sha256Hex } from '../legal/replace-agreement-versions.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { StaffRequestContext } from '../request-context.ts';

const ROLE = 'issuer-admin';

/** The loader's refusal, in the form's words: its problems without the loader's heading line. */
function refusal(error: unknown): never {
  if (error instanceof SectionsRefusedError || error instanceof AgreementsRefusedError) {
    const problems = error.message.split('\n').slice(1).join(' ');
    throw new AppError('BAD_REQUEST', `${contentMessages.refused} ${problems}`);
  }
  if (isUniqueViolation(error, 'disclosure_sections_slug_unique')) throw new AppError('CONFLICT', contentMessages.slugTaken);
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', contentMessages.changedMeanwhile);
  throw error;
}

async function lockContent(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin-content', 0))`);
}

type SectionRow = typeof disclosureSections.$inferSelect;

const sourceOf = (row: SectionRow): SectionSource => ({
  slug: row.slug,
  title: row.title,
  order: row.position,
  minReadingTime: row.minReadingMinutes,
  pdf: row.pdfBytes,
});

const minutesOf = (seconds: number) => Math.round((seconds / 60) * 1000) / 1000;

async function sectionsLocked(tx: Db): Promise<SectionRow[]> {
  await lockContent(tx);
  return tx.select().from(disclosureSections).for('update');
}

function activeSection(rows: readonly SectionRow[], id: string): SectionRow {
  const row = isUuid(id) ? rows.find((r) => r.id === id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', contentMessages.sectionNotFound);
  if (row.retiredAt) throw new AppError('CONFLICT', contentMessages.sectionRetired);
  return row;
}

const sectionFacts = (row: { title: string; position: number; minReadingMinutes: number }) => ({
  title: row.title,
  order: row.position,
  minReadingSeconds: Math.round(row.minReadingMinutes * 60),
});

/** POST /api/admin/content/disclosure/:id: title, order, reading time and (optionally) a new document. */
export async function updateSection(db: Db, id: string, fields: SectionFields, pdf: Uint8Array | null, ctx: StaffRequestContext): Promise<ContentChangeResponse> {
  return db
    .transaction(async (tx) => {
      const rows = await sectionsLocked(tx);
      const row = activeSection(rows, id);
      const sources = rows
        .filter((r) => r.retiredAt === null)
        .map((r) =>
          r.id === row.id ? { ...sourceOf(r), title: fields.title, order: fields.order, minReadingTime: minutesOf(fields.minReadingSeconds), pdf: pdf ?? r.pdfBytes } : sourceOf(r),
        );
      const report = await replaceDisclosureSections(tx, sources, ctx.now);
      if (!report.updated.includes(row.slug)) return { changed: false, resetInvestors: 0 };
      const newSha256 = pdf ? sha256Hex(pdf) : row.pdfSha256;
      await recordAuditEvent(tx, {
        userId: null,
        staffId: ctx.staffId,
        action: 'admin.content.disclosure.update',
        detail: {
          role: ROLE,
          sectionId: row.id,
          slug: row.slug,
          before: sectionFacts(row),
          after: { title: fields.title.trim(), order: fields.order, minReadingSeconds: fields.minReadingSeconds },
          oldSha256: row.pdfSha256,
          newSha256,
          documentReplaced: newSha256 !== row.pdfSha256,
          resetReads: report.resetReads,
        },
        meta: ctx.meta,
        at: ctx.now,
      });
      return { changed: true, resetInvestors: report.resetReads };
    })
    .catch(refusal);
}

/** POST /api/admin/content/disclosure: a new section (its short name is new: a removed section keeps its own). */
export async function addSection(
  db: Db,
  fields: SectionFields & { slug: string },
  pdf: Uint8Array | null,
  ctx: StaffRequestContext,
): Promise<ContentChangeResponse & { id: string }> {
  return db
    .transaction(async (tx) => {
      const rows = await sectionsLocked(tx);
      if (rows.some((r) => r.slug === fields.slug)) throw new AppError('CONFLICT', contentMessages.slugTaken);
      const sources = [
        ...rows.filter((r) => r.retiredAt === null).map(sourceOf),
        { slug: fields.slug, title: fields.title, order: fields.order, minReadingTime: minutesOf(fields.minReadingSeconds), pdf },
      ];
      await replaceDisclosureSections(tx, sources, ctx.now);
      const [added] = await tx.select({ id: disclosureSections.id }).from(disclosureSections).where(eq(disclosureSections.slug, fields.slug));
      if (!added) throw new Error('the new section was not written');
      await recordAuditEvent(tx, {
        userId: null,
        staffId: ctx.staffId,
        action: 'admin.content.disclosure.add',
        detail: {
          role: ROLE,
          sectionId: added.id,
          slug: fields.slug,
          after: { title: fields.title.trim(), order: fields.order, minReadingSeconds: fields.minReadingSeconds },
          oldSha256: null,
          newSha256: pdf ? sha256Hex(pdf) : null,
        },
        meta: ctx.meta,
        at: ctx.now,
      });
      return { changed: true, resetInvestors: 0, id: added.id };
    })
    .catch(refusal);
}

/**
 * DELETE /api/admin/content/disclosure/:id: the section is retired as the loader retires a section no longer listed
 * (kept, with who read it, for the record). Refused for the last section: the step would have nothing to read.
 */
export async function retireSection(db: Db, id: string, ctx: StaffRequestContext): Promise<ContentChangeResponse> {
  return db
    .transaction(async (tx) => {
      const rows = await sectionsLocked(tx);
      const row = activeSection(rows, id);
      const remaining = rows.filter((r) => r.retiredAt === null && r.id !== row.id);
      if (remaining.length === 0) throw new AppError('CONFLICT', contentMessages.lastSection);
      await replaceDisclosureSections(tx, remaining.map(sourceOf), ctx.now);
      await recordAuditEvent(tx, {
        userId: null,
        staffId: ctx.staffId,
        action: 'admin.content.disclosure.retire',
        detail: { role: ROLE, sectionId: row.id, slug: row.slug, before: sectionFacts(row), oldSha256: row.pdfSha256, newSha256: null },
        meta: ctx.meta,
        at: ctx.now,
      });
      return { changed: true, resetInvestors: 0 };
    })
    .catch(refusal);
}

export type AgreementFields = { title: string; checkboxes: { id: string; text: string; required: boolean; critical: boolean }[] };

/**
 * POST /api/admin/content/agreements/:key: a new version (title, checkbox list, optionally a new PDF; the signature
 * fields stay the current version's). Unchanged content adds no version.
 */
export async function replaceAgreement(db: Db, key: AgreementKey, fields: AgreementFields, pdf: Uint8Array | null, ctx: StaffRequestContext): Promise<ContentChangeResponse> {
  return db
    .transaction(async (tx) => {
      await lockContent(tx);
      const [current] = await tx
        .select()
        .from(agreementVersions)
        .where(and(eq(agreementVersions.key, key), isNull(agreementVersions.retiredAt)));
      const bytes = pdf ?? current?.pdf;
      if (!bytes) throw new AppError('BAD_REQUEST', contentMessages.noDocument);
      const checkboxes: AgreementCheckbox[] = fields.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical }));
      const report = await replaceAgreementVersions(
        tx,
        [
          {
            key,
            title: fields.title,
            pdf: bytes,
            checkboxes,
            signature: current ? { field: current.signatureField, dateField: current.dateField } : { field: `${key}_investor_signature`, dateField: `${key}_investor_signature_date` },
          },
        ],
        ctx.now,
      );
      if (report.unchanged.includes(key)) return { changed: false, resetInvestors: 0 };
      const [added] = await tx
        .select({ id: agreementVersions.id, sha256: agreementVersions.sha256 })
        .from(agreementVersions)
        .where(and(eq(agreementVersions.key, key), isNull(agreementVersions.retiredAt)));
      await recordAuditEvent(tx, {
        userId: null,
        staffId: ctx.staffId,
        action: 'admin.content.agreement.replace',
        detail: {
          role: ROLE,
          key,
          oldVersionId: current?.id ?? null,
          newVersionId: added?.id ?? null,
          oldSha256: current?.sha256 ?? null,
          newSha256: added?.sha256 ?? null,
          titleBefore: current?.title ?? null,
          titleAfter: fields.title.trim(),
          resetDrafts: report.resetDrafts,
        },
        meta: ctx.meta,
        at: ctx.now,
      });
      return { changed: true, resetInvestors: report.resetDrafts };
    })
    .catch(refusal);
}
