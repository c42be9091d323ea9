/**
 * The draft of the agreements not signed yet (legal_agreements.agreements), by agreement name:
 *   { "ppmAgreement": { "checkboxes": ["read_memorandum", "no_advice"] } }
 * only the ids ticked, and only ids of the version current when they were saved. A drawn signature is never kept in
 * the draft: it is checked and stored only when the agreement is signed. Whatever else the column holds (an older
 * shape, a replaced version's ids) is ignored when read.
 */
import { AGREEMENT_NAMES, type AgreementKey } from '../../../shared/legal.ts';
import type { AgreementVersion } from './agreement-versions.ts';

export type LegalDraft = Record<string, { checkboxes: string[] }>;

/** The ticked ids of one agreement's draft that the version has. */
export function draftTicks(column: unknown, key: AgreementKey, version: AgreementVersion): Set<string> {
  const entry = column && typeof column === 'object' ? (column as Record<string, unknown>)[AGREEMENT_NAMES[key]] : undefined;
  const ids = entry && typeof entry === 'object' ? (entry as { checkboxes?: unknown }).checkboxes : undefined;
  if (!Array.isArray(ids)) return new Set();
  const known = new Set(version.checkboxes.map((box) => box.id));
  return new Set(ids.filter((id): id is string => typeof id === 'string' && known.has(id)));
}
