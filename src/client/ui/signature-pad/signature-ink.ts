/**
 * How a signature looks, the same on the live pad and in its PNG: strokes through perfect-freehand (smoothed, thinned
 * by a pen's pressure; mice and fingers draw at a constant 0.5), a typed name in the bundled handwriting font (Dancing
 * Script, served from our own origin), dark ink on a transparent 500x120 pad at 1x, 2x or 3x. Loaded with the pad's
 * chunk (and by the export effect on first use), never with the app's first script.
 */
import { getStroke, type StrokeOptions } from 'perfect-freehand';
import type { SignatureSource, SignatureStroke } from '../../../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_DATA_URL_MAX_LENGTH, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_PAD } from '../../../shared/legal.ts';
import { SIGNATURE_FONT_FACES } from './signature-font.ts';

const { width: W, height: H } = SIGNATURE_PAD;

export const INK_COLOUR = '#14213d';

/** Pressure for pointers that report none worth using (mice, fingers): an even line. */
export const CONSTANT_PRESSURE = 0.5;

/** perfect-freehand's settings for a pen on a 500x120 pad: the points carry the pressure (real or constant). */
export const STROKE_OPTIONS: StrokeOptions = {
  size: 3.6,
  thinning: 0.6,
  smoothing: 0.5,
  streamline: 0.3,
  simulatePressure: false,
  start: { cap: true, taper: 0 },
  end: { cap: true, taper: 0 },
};

export type PadScale = (typeof SIGNATURE_PAD.scales)[number];

/** The pad's pixel density for a screen: the nearest of 1x, 2x, 3x (halfway rounds up: sharper, never blurred). */
export function pickScale(devicePixelRatio: number): PadScale {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return SIGNATURE_PAD.scales.reduce((best, scale) => (Math.abs(scale - ratio) <= Math.abs(best - ratio) ? scale : best));
}

/** The outline polygon of one stroke (`last`: the pen is up, so its end is final). */
export function strokeOutline(stroke: SignatureStroke, last = true): [number, number][] {
  return getStroke(stroke as { x: number; y: number; pressure: number }[], { ...STROKE_OPTIONS, last });
}

type PathSink = Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'closePath'>;

/** Traces an outline as a closed smooth curve through the midpoints of its sides (perfect-freehand's own rendering). */
export function traceOutline(ctx: PathSink, outline: readonly (readonly [number, number])[]): void {
  const n = outline.length;
  if (n === 0) return;
  if (n < 3) {
    outline.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    return;
  }
  const mid = (i: number) => {
    const [ax, ay] = outline[i % n]!;
    const [bx, by] = outline[(i + 1) % n]!;
    return [(ax + bx) / 2, (ay + by) / 2] as const;
  };
  const [sx, sy] = mid(0);
  ctx.moveTo(sx, sy);
  for (let i = 1; i <= n; i++) {
    const [cx, cy] = outline[i % n]!;
    const [mx, my] = mid(i);
    ctx.quadraticCurveTo(cx, cy, mx, my);
  }
  ctx.closePath();
}

/** The typed name's layout on the pad (pad units): the base size, and the margins it keeps. */
export const TYPED_NAME = { family: 'G2G Signature Script', baseSize: 64, marginX: 24, marginY: 12 } as const;

export const typedNameFont = (size: number): string => `400 ${size}px "${TYPED_NAME.family}", "Dancing Script", cursive`;

/** The ink box of the name set at the base size (canvas TextMetrics: left and right of the start, above and below the baseline). */
export type InkBox = { left: number; right: number; ascent: number; descent: number };

/**
 * Where and how large the name is written: at the base size unless its ink would cross the margins, else scaled
 * down to fit (a long name); centred on the pad by its ink, not its advance (script letters overhang).
 * Answers the font size, the x of the text's start (left-aligned) and the baseline's y.
 */
export function fitTypedName(box: InkBox): { size: number; x: number; baseline: number } {
  const inkWidth = Math.max(box.left + box.right, 1e-6);
  const inkHeight = Math.max(box.ascent + box.descent, 1e-6);
  const k = Math.min(1, (W - 2 * TYPED_NAME.marginX) / inkWidth, (H - 2 * TYPED_NAME.marginY) / inkHeight);
  return {
    size: TYPED_NAME.baseSize * k,
    x: W / 2 - ((box.right - box.left) * k) / 2,
    baseline: H / 2 + ((box.ascent - box.descent) * k) / 2,
  };
}

/** Draws strokes (and the stroke under the pen, not yet final) on a context whose canvas is the pad at `scale`. */
export function paintStrokes(ctx: CanvasRenderingContext2D, strokes: readonly SignatureStroke[], scale: number, current: SignatureStroke | null = null): void {
  startPainting(ctx, scale);
  const fill = (stroke: SignatureStroke, last: boolean) => {
    if (stroke.length === 0) return;
    ctx.beginPath();
    traceOutline(ctx, outlineOf(stroke, last));
    ctx.fill();
  };
  strokes.forEach((stroke) => fill(stroke, true));
  if (current) fill(current, false);
}

/** Draws the typed name in the handwriting font (load it first: loadSignatureFont). */
export function paintTypedName(ctx: CanvasRenderingContext2D, name: string, scale: number): void {
  startPainting(ctx, scale);
  if (!name) return;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = typedNameFont(TYPED_NAME.baseSize);
  const m = ctx.measureText(name);
  const fit = fitTypedName({ left: m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight, ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent });
  ctx.font = typedNameFont(fit.size);
  ctx.fillText(name, fit.x, fit.baseline);
}

function startPainting(ctx: CanvasRenderingContext2D, scale: number) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = INK_COLOUR;
}

/** Finished strokes never change: their outlines are computed once (the live pad repaints on every move). */
const finishedOutlines = new WeakMap<SignatureStroke, [number, number][]>();
function outlineOf(stroke: SignatureStroke, last: boolean) {
  if (!last) return strokeOutline(stroke, false);
  let outline = finishedOutlines.get(stroke);
  if (!outline) finishedOutlines.set(stroke, (outline = strokeOutline(stroke, true)));
  return outline;
}

/** How long a name waits for the font before it is written in the browser's own cursive instead. */
export const FONT_WAIT_MS = 5_000;

let fontsAdded = false;

/**
 * Resolves once the handwriting font's faces the text needs are loaded (or could not be within FONT_WAIT_MS: the
 * name is then written in the browser's cursive rather than blocking a signer who cannot draw).
 */
export async function loadSignatureFont(text: string, fonts: FontFaceSet | undefined = document.fonts): Promise<void> {
  // No FontFace API (an old browser, a test's DOM): the fallback font writes the name.
  if (!fonts || typeof FontFace === 'undefined') return;
  if (!fontsAdded) {
    fontsAdded = true;
    for (const { url, unicodeRange } of SIGNATURE_FONT_FACES) {
      fonts.add(new FontFace(TYPED_NAME.family, `url(${url}) format('woff2')`, { weight: '400', style: 'normal', unicodeRange }));
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FONT_WAIT_MS)));
  try {
    await Promise.race([fonts.load(typedNameFont(TYPED_NAME.baseSize), text || 'A').then(() => undefined), waited]);
  } catch {
    // A face that failed to load: the fallback font writes the name.
  } finally {
    clearTimeout(timer);
  }
}

/** A canvas of the given size in device pixels (a test passes its own). */
export type CreateCanvas = (width: number, height: number) => Pick<HTMLCanvasElement, 'getContext' | 'toDataURL'>;

const createCanvas: CreateCanvas = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

/**
 * The signature as a PNG data URL of the 500x120 pad at the screen's scale; a PNG above the size the server takes
 * (SIGNATURE_PAD.maxBytes) is made again at the next lower scale.
 */
export async function renderSignatureDataUrl(
  source: SignatureSource,
  devicePixelRatio: number,
  deps: { createCanvas?: CreateCanvas; loadFont?: (text: string) => Promise<void> } = {},
): Promise<string> {
  const make = deps.createCanvas ?? createCanvas;
  if (source.kind === 'name') await (deps.loadFont ?? loadSignatureFont)(source.name);
  const top = pickScale(devicePixelRatio);
  for (const scale of SIGNATURE_PAD.scales.filter((s) => s <= top).reverse()) {
    const canvas = make(W * scale, H * scale);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | null;
    if (!ctx) throw new Error('This browser cannot draw the signature.');
    if (source.kind === 'name') paintTypedName(ctx, source.name, scale);
    else paintStrokes(ctx, source.strokes, scale);
    const url = canvas.toDataURL('image/png');
    if (!url.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw new Error('This browser cannot make a PNG.');
    if (url.length <= SIGNATURE_DATA_URL_MAX_LENGTH) return url;
  }
  throw new Error('The signature is too large to save.');
}
