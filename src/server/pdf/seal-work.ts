/**
 * What the sealing pool (agreement-sealer.ts) is asked to do, in one shape for the worker thread and the calling
 * thread alike: stamp and seal a signed agreement, or seal a finished PDF (the investor's statement).
 */
import type { SealingKey } from '../providers/sealing/sealing-key.ts';
import { sealAgreementHere, type SealAgreementInput, type SealedAgreement } from './seal-agreement.ts';
import { sealFinishedPdfHere, type SealedPdf, type SealFinishedPdfInput } from './seal-finished-pdf.ts';

export type SealWork = { kind: 'agreement'; input: SealAgreementInput } | { kind: 'pdf'; input: SealFinishedPdfInput };

/** The result of each kind of work. */
export type SealWorkResult<W extends SealWork = SealWork> = W extends { kind: 'agreement' } ? SealedAgreement : SealedPdf;

export function sealWorkHere(work: SealWork, key: Pick<SealingKey, 'signer' | 'certificate'>, contact: string): Promise<SealWorkResult> {
  return work.kind === 'agreement' ? sealAgreementHere(work.input, key, contact) : sealFinishedPdfHere(work.input, key, contact);
}
