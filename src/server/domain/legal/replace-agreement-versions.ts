/**
 * Puts an issuer's agreements in place (the content loader, and the demo seed on first start). Each listed agreement
 * is compared with its current version: the same title, PDF (SHA-256), checkboxes (in order) and signature fields is
 * unchanged and adds nothing; anything else retires the current version and adds a new one. Agreements not listed
 * keep their current version (the seven keys are fixed: there is nothing to retire without a replacement).
 *
 * A replaced agreement applies to every investor who has not signed it: their draft of it (ticked boxes) is
 * removed, so they confirm the new text from scratch. An investor who signed it keeps the exact version signed (the
 * signature points at that version row, which is never changed or deleted).
 *
 * One transaction. Investors whose step is not complete are locked first (FOR UPDATE on legal_agreements, the lock
 * every signing takes before it reads the current version), so a signing running now either commits first and keeps
 * the version it read, or waits and then sees the new one.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, type AgreementCheckbox, type AgreementKey } from '../../../shared/legal.ts';
import { agreementSignatures, agreementVersions, legalAgreements } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { VERSION_COLUMNS } from './agreement-versions.ts';
import { NO_CLIENT } from '../request-context.ts';
import { AGREEMENT_MAX_CHECKBOXES, CHECKBOX_ID, CHECKBOX_TEXT_MAX } from '../../../shared/admin/content.ts';

export class AgreementsRefusedError extends Error {
  override readonly name = 'AgreementsRefusedError';
}

export type AgreementSource = {
  key: AgreementKey;
  title: string;
  pdf: Uint8Array;
  checkboxes: AgreementCheckbox[];
  signature: { field: string; dateField: string };
};

export type AgreementReplaceReport = { added: AgreementKey[]; replaced: AgreementKey[]; unchanged: AgreementKey[]; resetDrafts: number };

/** Most boxes an agreement may have (the save payload's limit), the same as the back-office's form checks. */
export const MAX_AGREEMENT_CHECKBOXES = AGREEMENT_MAX_CHECKBOXES;
export const MAX_AGREEMENT_PDF_BYTES = 20 * 1024 * 1024;
/** A PDF field name as the sealing job looks it up: plain characters, no dots (a dot is a field hierarchy). */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

/** Every problem of the list at once, each named by its agreement key (and checkbox id). */
export function checkAgreementSources(sources: readonly AgreementSource[]): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const s of sources) {
    const at = `"${s.key}"`;
    if (!(AGREEMENT_KEYS as readonly string[]).includes(s.key)) problems.push(`${at}: not one of the agreement keys ${AGREEMENT_KEYS.join(', ')}.`);
    if (keys.has(s.key)) problems.push(`${at}: listed twice.`);
    keys.add(s.key);
    if (!s.title.trim() || s.title.length > 200) problems.push(`${at}: the title must have 1 to 200 characters.`);
    if (Buffer.from(s.pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') problems.push(`${at}: the document is not a PDF file.`);
    if (s.pdf.byteLength > MAX_AGREEMENT_PDF_BYTES) problems.push(`${at}: the document is larger than ${MAX_AGREEMENT_PDF_BYTES / 1024 / 1024} MB.`);
    if (s.checkboxes.length < 1 || s.checkboxes.length > MAX_AGREEMENT_CHECKBOXES) problems.push(`${at}: an agreement needs 1 to ${MAX_AGREEMENT_CHECKBOXES} checkboxes.`);
    if (!s.checkboxes.some((box) => box.required)) problems.push(`${at}: at least one checkbox must be required.`);
    const ids = new Set<string>();
    for (const box of s.checkboxes) {
      const where = `${at} checkbox "${box.id}"`;
      if (!CHECKBOX_ID.test(box.id)) problems.push(`${where}: the id must be lower-case letters, digits and underscores, starting with a letter (at most 64).`);
      if (ids.has(box.id)) problems.push(`${where}: listed twice.`);
      ids.add(box.id);
      if (!box.text.trim() || box.text.length > CHECKBOX_TEXT_MAX) problems.push(`${where}: the text must have 1 to ${CHECKBOX_TEXT_MAX} characters.`);
      if (box.critical && !box.required) problems.push(`${where}: a critical checkbox must also be required.`);
    }
    for (const [name, value] of [['signature.field', s.signature.field], ['signature.dateField', s.signature.dateField]] as const) {
      if (!FIELD_NAME.test(value)) problems.push(`${at} ${name}: "${value}" must be a PDF field name of letters, digits, "_" and "-" (at most 100).`);
    }
    if (s.signature.field === s.signature.dateField) problems.push(`${at}: the signature field and the date field must differ.`);
  }
  return problems;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const sameContent = (
  row: { title: string; sha256: string; checkboxes: AgreementCheckbox[]; signatureField: string; dateField: string },
  source: AgreementSource,
  digest: string,
) =>
  row.title === source.title.trim() &&
  row.sha256 === digest &&
  row.signatureField === source.signature.field &&
  row.dateField === source.signature.dateField &&
  JSON.stringify(row.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical }))) ===
    JSON.stringify(source.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical })));

export async function replaceAgreementVersions(db: Db, sources: readonly AgreementSource[], now: Date): Promise<AgreementReplaceReport> {
  const problems = checkAgreementSources(sources);
  if (problems.length) throw new AgreementsRefusedError(`The agreements were not loaded:\n${problems.join('\n')}`);
  const report: AgreementReplaceReport = { added: [], replaced: [], unchanged: [], resetDrafts: 0 };

  await db.transaction(async (tx) => {
    const unfinished = (await tx.select({ userId: legalAgreements.userId }).from(legalAgreements).where(ne(legalAgreements.status, 'COMPLETED')).for('update')).map(
      (r) => r.userId,
    );
    const current = await tx
      .select(VERSION_COLUMNS)
      .from(agreementVersions)
      .where(isNull(agreementVersions.retiredAt));
    const byKey = new Map(current.map((row) => [row.key, row]));
    const versions: { key: AgreementKey; versionId: string; sha256: string }[] = [];

    for (const source of sources) {
      const digest = sha256Hex(source.pdf);
      const row = byKey.get(source.key);
      if (row && sameContent(row, source, digest)) {
        report.unchanged.push(source.key);
        continue;
      }
      // Retired first: at most one current version per key (agreement_versions_current).
      if (row) await tx.update(agreementVersions).set({ retiredAt: now }).where(eq(agreementVersions.id, row.id));
      const [added] = await tx
        .insert(agreementVersions)
        .values({
          key: source.key,
          title: source.title.trim(),
          pdf: source.pdf,
          sha256: digest,
          checkboxes: source.checkboxes.map(({ id, text, required, critical }) => ({ id, text, required, critical })),
          signatureField: source.signature.field,
          dateField: source.signature.dateField,
          createdAt: now,
        })
        .returning({ id: agreementVersions.id });
      versions.push({ key: source.key, versionId: (added as { id: string }).id, sha256: digest });
      if (!row) {
        report.added.push(source.key);
        continue;
      }
      report.replaced.push(source.key);
      if (unfinished.length === 0) continue;
      // The draft of a replaced agreement goes for everyone who has not signed it.
      const name = AGREEMENT_NAMES[source.key];
      const reset = await tx
        .update(legalAgreements)
        .set({ agreements: sql`${legalAgreements.agreements} - ${name}::text`, updatedAt: now })
        .where(
          and(
            inArray(legalAgreements.userId, unfinished),
            sql`${legalAgreements.agreements} ? ${name}::text`,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(agreementSignatures)
                .where(and(eq(agreementSignatures.userId, legalAgreements.userId), eq(agreementSignatures.key, source.key))),
            ),
          ),
        )
        .returning({ userId: legalAgreements.userId });
      report.resetDrafts += reset.length;
    }
    if (versions.length) {
      await recordAuditEvent(tx, { userId: null, action: 'agreements.versions.replaced', detail: { ...report, versions }, meta: NO_CLIENT, at: now });
    }
  });
  return report;
}
