import type { SignaturePadActorRef } from '../../../../machines/signature-pad/signature-pad.machine.ts';

export interface SignaturePadProps {
  /**
   * The pad's chart, spawned by the agreement's chart from `provideSignaturePad()` (effects/signature-pad-effects.ts)
   * with `input: { storedSignature }` (the stored PNG of a signed agreement, else null); the agreement's chart hears
   * `agreement.signature.ready` {png} and `agreement.signature.clear` from it.
   */
  actor: SignaturePadActorRef;
  /** Names the pad for assistive technology and above the box, e.g. 'Signature: Terms and Conditions'. Default 'Signature'. */
  label?: string;
}
