/**
 * Reads an issuer's content folder: manifest.json plus the PDFs it names, for the disclosure sections and the legal
 * agreements. One format for `npm run content:load -- <folder>` and CONTENT_DIR at start (README "Issuer content").
 *
 *   { "sections": [
 *       { "slug": "risk-factors", "title": "Risk Factors", "order": 2, "minReadingTime": 1.5, "file": "risk-factors.pdf" }
 *     ],
 *     "agreements": [
 *       { "key": "ppm", "title": "Private Placement Memorandum", "file": "ppm.pdf",
 *         "checkboxes": [ { "id": "read_memorandum", "text": "I have read ...", "required": true, "critical": true } ],
 *         "signature": { "field": "ppm_investor_signature", "dateField": "ppm_investor_signature_date" } }
 *     ] }
 *
 * Either list may be left out: what is not in the manifest stays as it is in the database. "sections", when present,
 * is the complete set (a section not listed is retired); "agreements" replaces the agreements it lists (keys from
 * AGREEMENT_KEYS). Sections: minReadingTime in minutes (default 1, fractions allowed); order defaults to the position
 * in the list; a section without "file" has no document yet. Agreements: "file" is required; "signature" defaults to
 * `<key>_investor_signature` / `<key>_investor_signature_date`; "critical" defaults to false. Agreement entries are
 * strict: an unknown field (a misspelt "checkbox") is refused rather than ignored.
 * File names are plain names inside the folder: a path out of it is refused, never followed.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as v from 'valibot';
import { DISCLOSURE } from '../../shared/constants.ts';
import { AGREEMENT_KEYS } from '../../shared/legal.ts';
import type { SectionSource } from '../domain/disclosure/replace-disclosure-sections.ts';
import { MAX_AGREEMENT_PDF_BYTES, type AgreementSource } from '../domain/legal/replace-agreement-versions.ts';

export class ContentFolderError extends Error {
  override readonly name = 'ContentFolderError';
}

const SectionEntrySchema = v.object({
  slug: v.string(),
  title: v.string(),
  order: v.optional(v.number()),
  minReadingTime: v.optional(v.number(), DISCLOSURE.defaultMinReadingMinutes),
  file: v.optional(v.nullable(v.string()), null),
});

const AgreementEntrySchema = v.strictObject({
  key: v.picklist(AGREEMENT_KEYS, `must be one of ${AGREEMENT_KEYS.join(', ')}`),
  title: v.string(),
  file: v.string(),
  checkboxes: v.array(
    v.strictObject({
      id: v.string(),
      text: v.string(),
      required: v.boolean(),
      critical: v.optional(v.boolean(), false),
    }),
  ),
  signature: v.optional(v.strictObject({ field: v.string(), dateField: v.string() })),
});

const ManifestSchema = v.pipe(
  v.object({ sections: v.optional(v.array(SectionEntrySchema)), agreements: v.optional(v.array(AgreementEntrySchema)) }),
  v.check((m) => m.sections !== undefined || m.agreements !== undefined, 'needs "sections", "agreements" or both'),
);

export type ContentFolder = {
  /** null: the manifest has no "sections"; the stored sections stay. */
  sections: SectionSource[] | null;
  /** null: the manifest has no "agreements"; the stored agreements stay. */
  agreements: AgreementSource[] | null;
};

const MANIFEST_FILE = 'manifest.json';

async function readPdf(dir: string, owner: string, file: string, maxBytes: number): Promise<Uint8Array> {
  if (basename(file) !== file || file === '.' || file === '..' || file === '') {
    throw new ContentFolderError(`${owner}: "${file}" must be a file name inside the folder, not a path.`);
  }
  let bytes: Uint8Array;
  try {
    const info = await stat(join(dir, file));
    if (info.size > maxBytes) throw new ContentFolderError(`${owner}: ${file} is larger than ${maxBytes / 1024 / 1024} MB.`);
    bytes = new Uint8Array(await readFile(join(dir, file)));
  } catch (error) {
    if (error instanceof ContentFolderError) throw error;
    throw new ContentFolderError(`${owner}: cannot read ${file}: ${(error as Error).message}`);
  }
  if (bytes.byteLength === 0) throw new ContentFolderError(`${owner}: ${file} is empty.`);
  return bytes;
}

export async function readContentFolder(dir: string): Promise<ContentFolder> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new ContentFolderError(`Cannot read ${join(dir, MANIFEST_FILE)}: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(ManifestSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new ContentFolderError(`${MANIFEST_FILE} is not valid at ${v.getDotPath(issue) ?? 'the top'}: ${issue.message}`);
  }
  const { sections, agreements } = parsed.output;
  return {
    sections: sections
      ? await Promise.all(
          sections.map(
            async (entry, index): Promise<SectionSource> => ({
              slug: entry.slug,
              title: entry.title,
              order: entry.order ?? index + 1,
              minReadingTime: entry.minReadingTime,
              pdf: entry.file === null ? null : await readPdf(dir, `section "${entry.slug}"`, entry.file, Number.MAX_SAFE_INTEGER),
            }),
          ),
        )
      : null,
    agreements: agreements
      ? await Promise.all(
          agreements.map(
            async (entry): Promise<AgreementSource> => ({
              key: entry.key,
              title: entry.title,
              pdf: await readPdf(dir, `agreement "${entry.key}"`, entry.file, MAX_AGREEMENT_PDF_BYTES),
              checkboxes: entry.checkboxes,
              signature: entry.signature ?? { field: `${entry.key}_investor_signature`, dateField: `${entry.key}_investor_signature_date` },
            }),
          ),
        )
      : null,
  };
}
