/**
 * The demo screening list (made-up names, OpenSanctions simple CSV) so screening works on a fresh `npm start`. Put in
 * only while no list was ever loaded: an operator's own list, once loaded, retires it (load-screening-list.ts) and it
 * never comes back. The file sits beside this module in the source and beside the bundle in dist-server/.
 */
import { readFile } from 'node:fs/promises';
import { screeningLists } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { DEMO_SCREENING_SOURCE, loadScreeningList } from '../domain/screening/load-screening-list.ts';

export const DEMO_SCREENING_FILE = 'screening-demo-list.csv';

export async function seedDemoScreeningList(db: Db, now: Date): Promise<boolean> {
  const [any] = await db.select({ id: screeningLists.id }).from(screeningLists).limit(1);
  if (any) return false;
  const text = await readFile(new URL(`./${DEMO_SCREENING_FILE}`, import.meta.url), 'utf8');
  try {
    return !(await loadScreeningList(db, { text, source: DEMO_SCREENING_SOURCE, now })).unchanged;
  } catch (error) {
    // A second server seeding the same PostgreSQL at once: the one-current-version index lets one win.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
