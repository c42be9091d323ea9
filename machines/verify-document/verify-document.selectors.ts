/** Named reads of the verify-document chart, for the /verify page. */
import type { SnapshotFrom } from 'xstate';
import type { IssuedDocumentKind } from '../../src/shared/verify-document.ts';
import type { verifyDocumentMachine } from './verify-document.machine.ts';

type S = SnapshotFrom<typeof verifyDocumentMachine>;

export type VerifyPhase = 'idle' | 'hashing' | 'checking' | 'issued' | 'notIssued' | 'failed' | 'refused';

const PHASES = ['hashing', 'checking', 'issued', 'notIssued', 'failed', 'refused'] as const;

export const selectVerifyPhase = (s: S): VerifyPhase => PHASES.find((p) => s.matches(p)) ?? 'idle';
export const selectIsBusy = (s: S): boolean => s.hasTag('busy');
export const selectFileName = (s: S): string | null => s.context.file?.name ?? null;
/** The SHA-256 computed in the browser, once there is one. */
export const selectSha256 = (s: S): string | null => s.context.sha256;
/** The issued document, while the answer says so. */
export const selectIssuedDocument = (s: S): { kind: IssuedDocumentKind; title: string; signedAt: string } | null =>
  s.matches('issued') && s.context.kind !== null && s.context.title !== null && s.context.signedAt !== null
    ? { kind: s.context.kind, title: s.context.title, signedAt: s.context.signedAt }
    : null;
/** Why the file was refused or the check failed. */
export const selectVerifyError = (s: S): string | null => (s.matches('failed') || s.matches('refused') ? s.context.error : null);
