/** A point of a stroke in pad coordinates (0..500 x 0..120 CSS pixels) with the pen's pressure (0..1). */
export type SignaturePoint = { x: number; y: number; pressure: number };

/** One stroke: the points from pen down to pen up, in order. */
export type SignatureStroke = readonly SignaturePoint[];

/** What a PNG is made of: the drawn strokes, or the typed name (written in the bundled handwriting font). */
export type SignatureSource = { kind: 'strokes'; strokes: readonly SignatureStroke[] } | { kind: 'name'; name: string };

export type SignaturePadInput = {
  /** The agreement is signed: its stored PNG (a data URL), shown and never changed. Absent or null: the pad is open. */
  storedSignature?: string | null;
};

export type SignaturePadContext = {
  /** Finished strokes of the drawing, oldest first. */
  strokes: readonly SignatureStroke[];
  /** The stroke being drawn (pen down), else null. */
  current: SignatureStroke | null;
  /** The typed name as entered (the PNG writes it trimmed). */
  typedName: string;
  /** The PNG of the current signature (a data URL), exactly while it is ready. */
  png: string | null;
  /** The signed agreement's PNG, while locked. */
  storedSignature: string | null;
  /** Why the last export failed, while the pad waits with no PNG (drawn, typed). */
  error: string | null;
};

export type SignaturePadEvent =
  /** Pen down: a stroke starts at this point. */
  | { type: 'signaturePad.stroke.start'; point: SignaturePoint }
  /** Pen moved: these points (coalesced, in order) join the stroke. */
  | { type: 'signaturePad.stroke.extend'; points: readonly SignaturePoint[] }
  /** Pen up: the stroke is finished. */
  | { type: 'signaturePad.stroke.end' }
  /** The browser took the pointer away (pointercancel): the unfinished stroke is dropped. */
  | { type: 'signaturePad.stroke.cancel' }
  | { type: 'signaturePad.undo' }
  | { type: 'signaturePad.clear' }
  /** 'Type your name instead'. */
  | { type: 'signaturePad.useTyping' }
  /** Back to drawing. */
  | { type: 'signaturePad.useDrawing' }
  | { type: 'signaturePad.name.change'; name: string }
  /** Make the PNG now (Enter in the name field, or a retry after a failure). */
  | { type: 'signaturePad.export' }
  /** The agreement is now signed with this PNG: show it and take no more input. */
  | { type: 'signaturePad.lock'; signature: string };

/** What the pad tells the per-agreement chart that owns it. */
export type SignaturePadParentEvent = { type: 'agreement.signature.ready'; png: string } | { type: 'agreement.signature.clear' };

export type RenderSignaturePngInput = { source: SignatureSource };

export type SignaturePadTag = 'exporting' | 'locked';
