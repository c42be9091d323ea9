/** How the content page writes sizes, fingerprints and a section's history (in words, never the audit codes). */
import type { ContentChange } from '../../../shared/admin/content.ts';

export const shortSha = (sha: string | null) => (sha ? `${sha.slice(0, 12)}…` : 'no document');

export const size = (bytes: number | null) =>
  bytes === null ? '' : bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** "Document replaced by Ana Ruiz": what the change did, and who made it (a removed staff member has no name left). */
export function changeWords(change: ContentChange): string {
  const who = change.staffName ?? 'a former staff member';
  switch (change.action) {
    case 'admin.content.disclosure.add':
      return `Added by ${who}`;
    case 'admin.content.disclosure.retire':
      return `Removed by ${who}`;
    case 'admin.content.disclosure.update':
      return change.oldSha256 !== change.newSha256 ? `Document replaced by ${who}` : `Details changed by ${who}`;
    default:
      return `Changed by ${who}`;
  }
}
