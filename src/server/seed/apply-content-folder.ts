/**
 * Puts a content folder (read-content-folder.ts) in place: its disclosure sections and its agreements, in one
 * transaction (each replacement runs in a savepoint of it), so a folder is applied completely or not at all. Used by
 * `npm run content:load` and by CONTENT_DIR at start.
 */
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { Db } from '../db/types.ts';
import { replaceDisclosureSections, SectionsRefusedError, type ReplaceReport } from '../domain/disclosure/replace-disclosure-sections.ts';
import { AgreementsRefusedError, replaceAgreementVersions, type AgreementReplaceReport } from '../domain/legal/replace-agreement-versions.ts';
import { ContentFolderError, type ContentFolder } from './read-content-folder.ts';

export type ContentReport = { sections: ReplaceReport | null; agreements: AgreementReplaceReport | null };

/** The errors that mean "the folder is wrong" (reported to the issuer as such), not a fault of the server. */
export const isContentRefusal = (error: unknown): error is Error =>
  error instanceof ContentFolderError || error instanceof SectionsRefusedError || error instanceof AgreementsRefusedError;

export async function applyContentFolder(db: Db, content: ContentFolder, now: Date): Promise<ContentReport> {
  const apply = () =>
    db.transaction(async (tx) => ({
      sections: content.sections ? await replaceDisclosureSections(tx, content.sections, now) : null,
      agreements: content.agreements ? await replaceAgreementVersions(tx, content.agreements, now) : null,
    }));
  // Two instances starting at once on one PostgreSQL may both add the same slug or version: the loser tries once more
  // and then finds the winner's rows unchanged.
  return apply().catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    return apply();
  });
}
