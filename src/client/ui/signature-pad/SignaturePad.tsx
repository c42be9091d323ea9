/**
 * The signature pad (spec section 2 "Agreements page": a signature canvas under each agreement; section 9: 500x120,
 * PNG). A canvas of 500x120 CSS pixels that shrinks with a narrow container; pointer input (mouse, touch, pen, with
 * coalesced moves) becomes strokes in pad coordinates; Undo, Clear, and 'Type your name instead' for a keyboard-only
 * signature. A signed agreement's pad shows its stored PNG. All state is the pad chart's; this view only draws it.
 * Loaded lazily (index.ts): import `SignaturePad` from there, or this file's default export with `lazy()`.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { TYPED_NAME_MAX_LENGTH, nameToWrite } from '../../../../machines/signature-pad/signature-pad.rules.ts';
import {
  selectCanClear,
  selectCanUndo,
  selectCurrentStroke,
  selectExportError,
  selectPadMode,
  selectPadPhase,
  selectStoredSignature,
  selectStrokes,
  selectTypedName,
  type SignaturePadPhase,
} from '../../../../machines/signature-pad/signature-pad.selectors.ts';
import type { SignaturePoint } from '../../../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_PAD } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { Button, Field, TextInput } from '../form/index.ts';
import type { SignaturePadProps } from './signature-pad.props.ts';
import { CONSTANT_PRESSURE, loadSignatureFont, paintStrokes, paintTypedName, pickScale } from './signature-ink.ts';
import './signature-pad.css';

const WORDS = messages.signaturePad;
const { width: W, height: H } = SIGNATURE_PAD;

type Pointer = { id: number; rect: DOMRect };

/** A pointer position in pad coordinates (the canvas may be drawn smaller than 500x120); only pens give pressure. */
export function toPadPoint(e: Pick<PointerEvent, 'clientX' | 'clientY' | 'pointerType' | 'pressure'>, rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): SignaturePoint {
  return {
    x: ((e.clientX - rect.left) * W) / (rect.width || W),
    y: ((e.clientY - rect.top) * H) / (rect.height || H),
    pressure: e.pointerType === 'pen' && e.pressure > 0 ? e.pressure : CONSTANT_PRESSURE,
  };
}

const STATUS: Partial<Record<SignaturePadPhase, string>> = { empty: WORDS.empty, exporting: WORDS.preparing, ready: WORDS.ready };

export function SignaturePad({ actor, label = WORDS.label }: SignaturePadProps) {
  const mode = useSelector(actor, selectPadMode);
  const phase = useSelector(actor, selectPadPhase);
  const strokes = useSelector(actor, selectStrokes);
  const current = useSelector(actor, selectCurrentStroke);
  const typedName = useSelector(actor, selectTypedName);
  const stored = useSelector(actor, selectStoredSignature);
  const error = useSelector(actor, selectExportError);
  const canUndo = useSelector(actor, selectCanUndo);
  const canClear = useSelector(actor, selectCanClear);

  const id = useId();
  const ids = { label: `${id}-label`, hint: `${id}-hint`, status: `${id}-status`, name: `${id}-name` };
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const pointer = useRef<Pointer | null>(null);
  const focusNameNext = useRef(false);
  const [scale] = useState(() => pickScale(typeof window === 'undefined' ? 1 : window.devicePixelRatio));
  /** The name the handwriting font has been loaded for (the preview waits for it, as the PNG does). */
  const [fontFor, setFontFor] = useState<string | null>(null);
  const written = nameToWrite(typedName);

  useEffect(() => {
    if (mode !== 'type') return;
    let live = true;
    void loadSignatureFont(written).then(() => live && setFontFor(written));
    return () => void (live = false);
  }, [mode, written]);

  useLayoutEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    if (mode === 'draw') paintStrokes(ctx, strokes, scale, current);
    else if (mode === 'type') paintTypedName(ctx, fontFor === null ? '' : written, scale);
  }, [mode, strokes, current, written, fontFor, scale]);

  useEffect(() => {
    if (mode === 'type' && focusNameNext.current) nameRef.current?.focus();
    focusNameNext.current = false;
  }, [mode]);

  if (mode === 'locked') {
    return (
      <div className="sig-pad sig-pad--locked" role="group" aria-labelledby={ids.label}>
        <p className="sig-pad__label" id={ids.label}>
          {label}
        </p>
        <div className="sig-pad__frame">
          <img className="sig-pad__surface" src={stored ?? ''} alt={WORDS.signedAlt} width={W} height={H} draggable={false} />
        </div>
        <p className="sig-pad__status">{WORDS.signed}</p>
      </div>
    );
  }

  const release = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    pointer.current = null;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const drawing =
    mode === 'draw'
      ? {
          onPointerDown: (e: ReactPointerEvent<HTMLCanvasElement>) => {
            if (pointer.current || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
            e.preventDefault();
            e.currentTarget.setPointerCapture?.(e.pointerId);
            const rect = e.currentTarget.getBoundingClientRect();
            pointer.current = { id: e.pointerId, rect };
            actor.send({ type: 'signaturePad.stroke.start', point: toPadPoint(e, rect) });
          },
          onPointerMove: (e: ReactPointerEvent<HTMLCanvasElement>) => {
            const p = pointer.current;
            if (!p || e.pointerId !== p.id) return;
            // Every position the browser sampled since the last event, for smooth curves on fast strokes.
            const coalesced = e.nativeEvent.getCoalescedEvents?.() ?? [];
            const moves = coalesced.length ? coalesced : [e.nativeEvent];
            actor.send({ type: 'signaturePad.stroke.extend', points: moves.map((m) => toPadPoint(m, p.rect)) });
          },
          onPointerUp: (e: ReactPointerEvent<HTMLCanvasElement>) => {
            if (pointer.current?.id !== e.pointerId) return;
            release(e);
            actor.send({ type: 'signaturePad.stroke.end' });
          },
          onPointerCancel: (e: ReactPointerEvent<HTMLCanvasElement>) => {
            if (pointer.current?.id !== e.pointerId) return;
            release(e);
            actor.send({ type: 'signaturePad.stroke.cancel' });
          },
          // Capture taken away without a pointerup (e.g. the element was hidden): the stroke so far stands.
          onLostPointerCapture: (e: ReactPointerEvent<HTMLCanvasElement>) => {
            if (pointer.current?.id !== e.pointerId) return;
            pointer.current = null;
            actor.send({ type: 'signaturePad.stroke.end' });
          },
        }
      : {};

  const toggle = () => {
    focusNameNext.current = mode === 'draw';
    actor.send({ type: mode === 'draw' ? 'signaturePad.useTyping' : 'signaturePad.useDrawing' });
  };

  return (
    <div className={`sig-pad sig-pad--${mode}`} role="group" aria-labelledby={ids.label}>
      <p className="sig-pad__label" id={ids.label}>
        {label}
      </p>
      <div className="sig-pad__frame">
        <canvas
          ref={canvasRef}
          className="sig-pad__surface sig-pad__canvas"
          width={W * scale}
          height={H * scale}
          role="img"
          aria-label={mode === 'draw' ? WORDS.canvasLabel : WORDS.typedPreviewLabel}
          aria-describedby={mode === 'draw' ? `${ids.hint} ${ids.status}` : ids.status}
          {...drawing}
        />
      </div>
      {mode === 'draw' ? (
        <p className="sig-pad__hint" id={ids.hint}>
          {WORDS.drawHint}
        </p>
      ) : (
        <Field id={ids.name} label={WORDS.nameLabel} help={WORDS.nameHint} className="sig-pad__name">
          {(control) => (
            <TextInput
              {...control}
              ref={nameRef}
              value={typedName}
              maxLength={TYPED_NAME_MAX_LENGTH}
              autoComplete="name"
              spellCheck={false}
              onChange={(e) => actor.send({ type: 'signaturePad.name.change', name: e.target.value })}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                actor.send({ type: 'signaturePad.export' });
              }}
            />
          )}
        </Field>
      )}
      <div className="sig-pad__actions">
        {mode === 'draw' && (
          <Button variant="secondary" disabled={!canUndo} onClick={() => actor.send({ type: 'signaturePad.undo' })}>
            {WORDS.undo}
          </Button>
        )}
        <Button variant="secondary" disabled={!canClear} onClick={() => actor.send({ type: 'signaturePad.clear' })}>
          {WORDS.clear}
        </Button>
        <Button variant="ghost" onClick={toggle}>
          {mode === 'draw' ? WORDS.typeInstead : WORDS.drawInstead}
        </Button>
      </div>
      <p className={`sig-pad__status${error ? ' sig-pad__status--error' : ''}`} id={ids.status} aria-live="polite">
        {error ?? STATUS[phase] ?? ''}
      </p>
      {error && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'signaturePad.export' })}>
          {WORDS.tryAgain}
        </Button>
      )}
    </div>
  );
}

export default SignaturePad;
