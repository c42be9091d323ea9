/**
 * Puts an issuer's set of disclosure sections in place (the load command, and the demo seed on first start).
 * The given list becomes the complete active set, matched by slug:
 * - a new slug is added; a known one gets its title, order, reading time and document updated;
 * - a slug no longer listed is retired (kept, with who read it, for the record);
 * - a changed document (new SHA-256) resets that section for investors who have not finished the step, since
 *   they have not read this version; investors who finished keep their completion (the audit says what they read).
 * One transaction: the set changes completely or not at all.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { disclosureProgress, disclosureReads, disclosureSections } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { NO_CLIENT } from '../request-context.ts';

export class SectionsRefusedError extends Error {
  override readonly name = 'SectionsRefusedError';
}

export type SectionSource = { slug: string; title: string; order: number; minReadingTime: number; pdf: Uint8Array | null };

export type ReplaceReport = { added: string[]; updated: string[]; unchanged: string[]; retired: string[]; resetReads: number };

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const PDF_MAGIC = '%PDF-';

/** Refuses what would give investors a broken section; every problem is named with its slug. */
function checkSectionSources(sources: readonly SectionSource[]): string[] {
  const problems: string[] = [];
  const slugs = new Set<string>();
  for (const s of sources) {
    if (!SLUG.test(s.slug)) problems.push(`"${s.slug}": the slug must be lower-case letters, digits and dashes (at most 80).`);
    if (slugs.has(s.slug)) problems.push(`"${s.slug}": listed twice.`);
    slugs.add(s.slug);
    if (!s.title.trim() || s.title.length > 200) problems.push(`"${s.slug}": the title must have 1 to 200 characters.`);
    if (!Number.isInteger(s.order)) problems.push(`"${s.slug}": the order must be a whole number.`);
    if (!Number.isFinite(s.minReadingTime) || s.minReadingTime < 0 || s.minReadingTime > 600) {
      problems.push(`"${s.slug}": the minimum reading time must be between 0 and 600 minutes.`);
    }
    if (s.pdf && Buffer.from(s.pdf.subarray(0, 5)).toString('latin1') !== PDF_MAGIC) problems.push(`"${s.slug}": the document is not a PDF file.`);
  }
  return problems;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function replaceDisclosureSections(db: Db, sources: readonly SectionSource[], now: Date): Promise<ReplaceReport> {
  const problems = checkSectionSources(sources);
  if (problems.length) throw new SectionsRefusedError(`The disclosure sections were not loaded:\n${problems.join('\n')}`);
  const report: ReplaceReport = { added: [], updated: [], unchanged: [], retired: [], resetReads: 0 };

  await db.transaction(async (tx) => {
    // Investors still reading are locked first: a completion running now either commits before (and keeps what
    // it read) or waits and sees the new set; it never completes against a document replaced under it.
    const unfinished = (
      await tx.select({ userId: disclosureProgress.userId }).from(disclosureProgress).where(eq(disclosureProgress.completed, false)).for('update')
    ).map((r) => r.userId);
    const existing = await tx
      .select({ id: disclosureSections.id, slug: disclosureSections.slug, title: disclosureSections.title, position: disclosureSections.position, minReadingTime: disclosureSections.minReadingMinutes, sha256: disclosureSections.pdfSha256, retiredAt: disclosureSections.retiredAt })
      .from(disclosureSections);
    const bySlug = new Map(existing.map((row) => [row.slug, row]));
    const changedDocuments: string[] = [];

    for (const source of sources) {
      const digest = source.pdf ? sha256(source.pdf) : null;
      // Stored as numeric(8,3): compare what will be stored, or the same manifest would always count as changed.
      const minReadingMinutes = Math.round(source.minReadingTime * 1000) / 1000;
      const values = { title: source.title.trim(), position: source.order, minReadingMinutes, pdfBytes: source.pdf, pdfSha256: digest };
      const row = bySlug.get(source.slug);
      if (!row) {
        await tx.insert(disclosureSections).values({ slug: source.slug, ...values, createdAt: now, updatedAt: now });
        report.added.push(source.slug);
        continue;
      }
      const same = row.title === values.title && row.position === values.position && row.minReadingTime === values.minReadingMinutes && row.sha256 === digest && row.retiredAt === null;
      if (same) {
        report.unchanged.push(source.slug);
        continue;
      }
      await tx.update(disclosureSections).set({ ...values, updatedAt: now, retiredAt: null }).where(eq(disclosureSections.id, row.id));
      if (row.sha256 !== digest) changedDocuments.push(row.id);
      report.updated.push(source.slug);
    }

    const listed = sources.map((s) => s.slug);
    const retired = await tx
      .update(disclosureSections)
      .set({ retiredAt: now, updatedAt: now })
      .where(and(isNull(disclosureSections.retiredAt), listed.length ? notInArray(disclosureSections.slug, listed) : undefined))
      .returning({ slug: disclosureSections.slug });
    report.retired.push(...retired.map((r) => r.slug));

    if (changedDocuments.length && unfinished.length) {
      const reset = await tx
        .delete(disclosureReads)
        .where(and(inArray(disclosureReads.sectionId, changedDocuments), inArray(disclosureReads.userId, unfinished)))
        .returning({ userId: disclosureReads.userId });
      report.resetReads = reset.length;
    }
    if (report.added.length || report.updated.length || report.retired.length) {
      await recordAuditEvent(tx, { userId: null, action: 'disclosure.sections.replaced', detail: { ...report }, meta: NO_CLIENT, at: now });
    }
  });
  return report;
}
