/**
 * The entry pages use. The pad's view, perfect-freehand and the handwriting font live in a lazy chunk: nothing of
 * them is downloaded until a pad is rendered. Meanwhile a frame of the same size holds its place.
 */
import { lazy, Suspense } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { SignaturePadProps } from './signature-pad.props.ts';
import './signature-pad.css';

const View = lazy(() => import('./SignaturePad.tsx'));

function PadPlaceholder({ label }: { label: string }) {
  return (
    <div className="sig-pad sig-pad--loading" aria-busy="true">
      <p className="sig-pad__label">{label}</p>
      <div className="sig-pad__frame">
        <div className="sig-pad__surface" />
      </div>
      <p className="sig-pad__status">{messages.signaturePad.loading}</p>
    </div>
  );
}

export function SignaturePad(props: SignaturePadProps) {
  return (
    <Suspense fallback={<PadPlaceholder label={props.label ?? messages.signaturePad.label} />}>
      <View {...props} />
    </Suspense>
  );
}
