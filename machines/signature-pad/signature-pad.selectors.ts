/** Named reads of a signature pad for its view. */
import type { SnapshotFrom } from 'xstate';
import type { signaturePadMachine } from './signature-pad.machine.ts';
import type { SignatureStroke } from './signature-pad.types.ts';

type S = SnapshotFrom<typeof signaturePadMachine>;

export type SignaturePadMode = 'draw' | 'type' | 'locked';
/** empty: nothing to sign with; drawing: pen down; pending: a name waiting for typing to pause; failed: the export failed. */
export type SignaturePadPhase = 'empty' | 'drawing' | 'pending' | 'exporting' | 'ready' | 'failed' | 'locked';

export const selectPadMode = (s: S): SignaturePadMode => (s.matches('type') ? 'type' : s.matches('locked') ? 'locked' : 'draw');

export const selectPadPhase = (s: S): SignaturePadPhase => {
  if (s.hasTag('locked')) return 'locked';
  if (s.hasTag('exporting')) return 'exporting';
  if (s.matches({ draw: 'drawing' })) return 'drawing';
  if (s.matches({ type: 'typing' })) return 'pending';
  if (s.matches({ draw: 'drawn' }) || s.matches({ type: 'typed' })) return 'failed';
  if (s.matches({ draw: 'ready' }) || s.matches({ type: 'ready' })) return 'ready';
  return 'empty';
};

export const selectStrokes = (s: S): readonly SignatureStroke[] => s.context.strokes;
/** The stroke under the pen, drawn live. */
export const selectCurrentStroke = (s: S): SignatureStroke | null => s.context.current;
export const selectTypedName = (s: S): string => s.context.typedName;
/** The current signature's PNG (a data URL) while it is ready. */
export const selectSignaturePng = (s: S): string | null => s.context.png;
/** The signed agreement's PNG, while locked. */
export const selectStoredSignature = (s: S): string | null => s.context.storedSignature;
export const selectExportError = (s: S): string | null => s.context.error;

/** Undo: a finished stroke to take back, pen up. */
export const selectCanUndo = (s: S): boolean => s.matches('draw') && !s.matches({ draw: 'drawing' }) && s.context.strokes.length > 0;
/** Clear: something drawn (in draw mode) or typed (in type mode). */
export const selectCanClear = (s: S): boolean =>
  s.matches('draw') ? s.context.strokes.length > 0 || s.context.current !== null : s.matches('type') && s.context.typedName !== '';
