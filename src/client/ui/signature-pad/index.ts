/** Public surface of the signature pad: a lazily loaded view (perfect-freehand and the font load only when it is shown). */
export { SignaturePad } from './LazySignaturePad.tsx';
export type { SignaturePadProps } from './signature-pad.props.ts';
