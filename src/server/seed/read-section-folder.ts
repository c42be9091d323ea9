/**
 * Reads an issuer's disclosure folder: manifest.json plus the PDFs it names.
 *
 *   { "sections": [
 *       { "slug": "risk-factors", "title": "Risk Factors", "order": 2, "minReadingTime": 1.5, "file": "risk-factors.pdf" }
 *   ] }
 *
 * minReadingTime is in minutes (default 1, fractions allowed); order defaults to the position in the list; a
 * section without "file" has no document yet (investors see 'Document Not Available' and cannot finish the step).
 * File names are plain names inside the folder: a path out of it is refused, never followed.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as v from 'valibot';
import { DISCLOSURE } from '../../shared/constants.ts';
import type { SectionSource } from '../domain/disclosure/replace-disclosure-sections.ts';

export class SectionFolderError extends Error {
  override readonly name = 'SectionFolderError';
}

const ManifestSchema = v.object({
  sections: v.array(
    v.object({
      slug: v.string(),
      title: v.string(),
      order: v.optional(v.number()),
      minReadingTime: v.optional(v.number(), DISCLOSURE.defaultMinReadingMinutes),
      file: v.optional(v.nullable(v.string()), null),
    }),
  ),
});

const MANIFEST_FILE = 'manifest.json';

export async function readSectionFolder(dir: string): Promise<SectionSource[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new SectionFolderError(`Cannot read ${join(dir, MANIFEST_FILE)}: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(ManifestSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new SectionFolderError(`${MANIFEST_FILE} is not valid at ${v.getDotPath(issue) ?? 'the top'}: ${issue.message}`);
  }
  return Promise.all(
    parsed.output.sections.map(async (entry, index): Promise<SectionSource> => {
      let pdf: Uint8Array | null = null;
      if (entry.file !== null) {
        if (basename(entry.file) !== entry.file || entry.file === '.' || entry.file === '..') {
          throw new SectionFolderError(`"${entry.slug}": "${entry.file}" must be a file name inside the folder, not a path.`);
        }
        try {
          pdf = new Uint8Array(await readFile(join(dir, entry.file)));
        } catch (error) {
          throw new SectionFolderError(`"${entry.slug}": cannot read ${entry.file}: ${(error as Error).message}`);
        }
        if (pdf.byteLength === 0) throw new SectionFolderError(`"${entry.slug}": ${entry.file} is empty.`);
      }
      return { slug: entry.slug, title: entry.title, order: entry.order ?? index + 1, minReadingTime: entry.minReadingTime, pdf };
    }),
  );
}
