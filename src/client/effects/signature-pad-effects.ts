/**
 * The signature pad's effect: the PNG of the strokes or the typed name, 500x120 CSS pixels at the screen's density
 * (1x, 2x or 3x), dark ink on a transparent background, as a data URL. The drawing code (perfect-freehand, the
 * handwriting font) is the pad's own (ui/signature-pad/signature-ink.ts) and is imported on first use, so the app's
 * first script, which provides every chart, does not carry it.
 */
import { fromPromise } from 'xstate';
import { signaturePadMachine } from '../../../machines/signature-pad/signature-pad.machine.ts';
import type { RenderSignaturePngInput, SignatureSource } from '../../../machines/signature-pad/signature-pad.types.ts';

export type SignaturePadEffectOptions = {
  /** The screen's device pixel ratio at the time of the export; by default the window's. */
  devicePixelRatio?: () => number;
};

/** The PNG data URL (SIGNATURE_DATA_URL_PREFIX) of a signature at the scale nearest to `devicePixelRatio`. */
export async function renderSignaturePng(source: SignatureSource, devicePixelRatio: number): Promise<string> {
  const { renderSignatureDataUrl } = await import('../ui/signature-pad/signature-ink.ts');
  return renderSignatureDataUrl(source, devicePixelRatio);
}

/** The pad chart's renderSignaturePng. */
export function createRenderSignaturePng(options: SignaturePadEffectOptions = {}) {
  const ratio = options.devicePixelRatio ?? (() => window.devicePixelRatio);
  return fromPromise<string, RenderSignaturePngInput>(({ input }) => renderSignaturePng(input.source, ratio()));
}

/** The signature pad chart with the browser's rendering; the agreement chart spawns it as its pad. */
export function provideSignaturePad(options: SignaturePadEffectOptions = {}) {
  return signaturePadMachine.provide({ actors: { renderSignaturePng: createRenderSignaturePng(options) } });
}
