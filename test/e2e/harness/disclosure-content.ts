/**
 * The e2e server's disclosure sections: the demo documents with seconds-long reading times, written as an issuer's
 * folder (manifest.json + PDFs) and loaded through DISCLOSURE_DIR, the same path an issuer uses. The reading time is
 * real time on the server's clock, so it is short rather than faked.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDisclosurePdf, DISCLOSURE_DOCUMENTS } from '../../../src/server/seed/disclosure-documents.ts';

/** Seconds of reading per section in e2e runs. */
export const E2E_READING_SECONDS = 3;

export async function writeE2eDisclosureFolder(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sections = [];
  for (const [i, d] of DISCLOSURE_DOCUMENTS.entries()) {
    await writeFile(join(dir, d.fileName), await createDisclosurePdf(d.slug));
    sections.push({ slug: d.slug, title: d.title, order: i + 1, minReadingTime: E2E_READING_SECONDS / 60, file: d.fileName });
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ sections }, null, 2));
  return dir;
}
