/** Pure rules of the signature pad: the pad's coordinates, the typed name, and how long typing may pause. */
import { SIGNATURE_PAD } from '../../src/shared/legal.ts';
import type { SignaturePoint } from './signature-pad.types.ts';

/** A typed name longer than this is cut (the input says so with maxLength). */
export const TYPED_NAME_MAX_LENGTH = 80;

/** The typed name becomes a PNG once typing has paused this long (Enter makes it at once). */
export const TYPED_NAME_SETTLE_MS = 400;

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min);

/**
 * A point held inside the pad: a captured pointer keeps reporting beyond the canvas's edge, and a PNG of the pad
 * cannot show ink outside it. Pressure is 0..1 (the view gives mice and fingers a constant 0.5).
 */
export function clampPoint(point: SignaturePoint): SignaturePoint {
  return {
    x: clamp(point.x, 0, SIGNATURE_PAD.width),
    y: clamp(point.y, 0, SIGNATURE_PAD.height),
    pressure: clamp(point.pressure, 0, 1),
  };
}

/** The name as kept: no control characters (they draw as boxes or reorder text), at most TYPED_NAME_MAX_LENGTH. */
export function cleanTypedName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, TYPED_NAME_MAX_LENGTH);
}

/** The name as written on the PNG: trimmed, inner runs of spaces as one. */
export const nameToWrite = (name: string): string => name.trim().replace(/\s+/g, ' ');

export const isNameGiven = (name: string): boolean => nameToWrite(name) !== '';
