// @vitest-environment happy-dom
/**
 * The signature's geometry and PNG making without a real canvas: the scale for a screen, the stroke polygon
 * perfect-freehand draws around the points (thinner where a pen presses less), the typed name's fit, the font wait,
 * and the export's scale fallback and checks with a stand-in canvas. The pixels themselves are a browser's to draw:
 * they were looked at once in Chromium (docs/decisions.md "Signature pad") and are left to the agreements page's e2e.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignatureStroke } from '../../../machines/signature-pad/signature-pad.types.ts';
import { SIGNATURE_DATA_URL_MAX_LENGTH, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_PAD } from '../../../src/shared/legal.ts';
import {
  CONSTANT_PRESSURE,
  FONT_WAIT_MS,
  STROKE_OPTIONS,
  TYPED_NAME,
  fitTypedName,
  loadSignatureFont,
  pickScale,
  renderSignatureDataUrl,
  strokeOutline,
  traceOutline,
  type CreateCanvas,
} from '../../../src/client/ui/signature-pad/signature-ink.ts';

// The font's files are Vite assets; here only their URLs matter.
vi.mock('../../../src/client/ui/signature-pad/signature-font.ts', () => ({
  SIGNATURE_FONT_FACES: [
    { url: '/assets/latin.woff2', unicodeRange: 'U+0000-00FF' },
    { url: '/assets/latin-ext.woff2', unicodeRange: 'U+0100-02BA' },
  ],
}));

const line = (pressure: (t: number) => number, n = 30): SignatureStroke =>
  Array.from({ length: n }, (_, i) => ({ x: 50 + (400 * i) / (n - 1), y: 60, pressure: pressure(i / (n - 1)) }));

const bounds = (outline: [number, number][]) => ({
  minX: Math.min(...outline.map(([x]) => x)),
  maxX: Math.max(...outline.map(([x]) => x)),
  minY: Math.min(...outline.map(([, y]) => y)),
  maxY: Math.max(...outline.map(([, y]) => y)),
});

/** Half the stroke's thickness near x (the outline's vertical extent there). */
const thicknessNear = (outline: [number, number][], x: number) => {
  const ys = outline.filter(([px]) => Math.abs(px - x) < 12).map(([, y]) => y);
  return Math.max(...ys) - Math.min(...ys);
};

describe('signature ink', () => {
  afterEach(() => vi.useRealTimers());

  it('picks the nearest of 1x, 2x, 3x for the screen (halfway up; nonsense as 1x)', () => {
    expect([0.5, 1, 1.25, 1.5, 1.75, 2, 2.5, 2.625, 3, 4].map(pickScale)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 3]);
    expect([0, -2, Number.NaN, Number.POSITIVE_INFINITY].map(pickScale)).toEqual([1, 1, 1, 1]);
  });

  it('outlines a stroke around its points, as thick as the pen size at constant pressure', () => {
    const outline = strokeOutline(line(() => CONSTANT_PRESSURE));
    const b = bounds(outline);
    expect(b.minX).toBeGreaterThan(50 - STROKE_OPTIONS.size!);
    expect(b.maxX).toBeLessThan(450 + STROKE_OPTIONS.size!);
    expect(b.minY).toBeLessThan(60);
    expect(b.maxY).toBeGreaterThan(60);
    const middle = thicknessNear(outline, 250);
    expect(middle).toBeGreaterThan(STROKE_OPTIONS.size! * 0.5);
    expect(middle).toBeLessThan(STROKE_OPTIONS.size! * 1.5);
    // Constant pressure: an even line.
    expect(Math.abs(thicknessNear(outline, 120) - middle)).toBeLessThan(0.5);
  });

  it("thins a pen's stroke where it presses less", () => {
    const outline = strokeOutline(line((t) => 0.1 + 0.9 * t));
    expect(thicknessNear(outline, 400)).toBeGreaterThan(thicknessNear(outline, 100) * 1.5);
  });

  it('a single point is a dot', () => {
    const b = bounds(strokeOutline([{ x: 100, y: 50, pressure: 0.5 }]));
    expect(b.maxX - b.minX).toBeGreaterThan(0);
    expect(b.maxX - b.minX).toBeLessThan(STROKE_OPTIONS.size! * 2);
  });

  it('traces an outline as one closed curve through its points', () => {
    const calls: string[] = [];
    const sink = {
      moveTo: (x: number, y: number) => void calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => void calls.push(`L${x},${y}`),
      quadraticCurveTo: (cx: number, cy: number, x: number, y: number) => void calls.push(`Q${cx},${cy} ${x},${y}`),
      closePath: () => void calls.push('Z'),
    };
    traceOutline(sink, [[0, 0], [10, 0], [10, 10], [0, 10]]);
    expect(calls).toEqual(['M5,0', 'Q10,0 10,5', 'Q10,10 5,10', 'Q0,10 0,5', 'Q0,0 5,0', 'Z']);
    calls.length = 0;
    traceOutline(sink, [[1, 2]]);
    expect(calls).toEqual(['M1,2', 'Z']);
  });

  it('writes a short name at the base size, centred on the pad by its ink', () => {
    const fit = fitTypedName({ left: 2, right: 200, ascent: 40, descent: 10 });
    expect(fit.size).toBe(TYPED_NAME.baseSize);
    // Ink spans x-2 .. x+200: centred means equal room either side.
    expect(fit.x - 2 - 0).toBeCloseTo(SIGNATURE_PAD.width - (fit.x + 200));
    expect(fit.baseline - 40).toBeCloseTo(SIGNATURE_PAD.height - (fit.baseline + 10));
  });

  it('scales a long name down to the pad width less its margins', () => {
    const box = { left: 0, right: 1400, ascent: 44, descent: 14 };
    const fit = fitTypedName(box);
    const k = fit.size / TYPED_NAME.baseSize;
    expect(k).toBeCloseTo((SIGNATURE_PAD.width - 2 * TYPED_NAME.marginX) / 1400);
    expect(fit.x).toBeCloseTo(TYPED_NAME.marginX);
    expect(fit.x + box.right * k).toBeCloseTo(SIGNATURE_PAD.width - TYPED_NAME.marginX);
  });

  it('scales a tall name down to the pad height less its margins', () => {
    const fit = fitTypedName({ left: 0, right: 100, ascent: 150, descent: 50 });
    const k = fit.size / TYPED_NAME.baseSize;
    expect(k).toBeCloseTo((SIGNATURE_PAD.height - 2 * TYPED_NAME.marginY) / 200);
    expect(fit.baseline - 150 * k).toBeCloseTo(TYPED_NAME.marginY);
  });

  it('adds the font faces once and waits for them, but no longer than FONT_WAIT_MS', async () => {
    vi.useFakeTimers();
    const added: { family: string; descriptors: FontFaceDescriptors | undefined }[] = [];
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          public family: string,
          _source: string,
          public descriptors?: FontFaceDescriptors,
        ) {}
      },
    );
    let answer: () => void = () => {};
    const fonts = {
      add: (face: { family: string; descriptors?: FontFaceDescriptors }) => void added.push({ family: face.family, descriptors: face.descriptors }),
      load: vi.fn(() => new Promise<FontFace[]>((resolve) => (answer = () => resolve([])))),
    } as unknown as FontFaceSet;
    let done = false;
    void loadSignatureFont('Ada', fonts).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(added.map((f) => f.family)).toEqual([TYPED_NAME.family, TYPED_NAME.family]);
    expect(added.every((f) => f.descriptors?.unicodeRange)).toBe(true);
    expect(done).toBe(false);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    // A font that never arrives: the name is written anyway after the wait.
    done = false;
    void loadSignatureFont('Łukasz', fonts).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FONT_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(added).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  describe('the PNG', () => {
    /** A stand-in canvas: records its size and what was drawn, answers a data URL of a chosen length per scale. */
    function fakeCanvas(lengthAt: (width: number) => number, prefix = SIGNATURE_DATA_URL_PREFIX) {
      const made: { width: number; height: number; ops: string[] }[] = [];
      const create: CreateCanvas = (width, height) => {
        const ops: string[] = [];
        made.push({ width, height, ops });
        const ctx = new Proxy(
          { measureText: () => ({ actualBoundingBoxLeft: 0, actualBoundingBoxRight: 100, actualBoundingBoxAscent: 40, actualBoundingBoxDescent: 10 }) },
          {
            get: (target, key) => (key in target ? target[key as 'measureText'] : (...args: unknown[]) => void ops.push(`${String(key)}(${args.length})`)),
            set: (_, key, value) => (ops.push(`${String(key)}=${String(value)}`), true),
          },
        );
        return { getContext: (() => ctx) as unknown as HTMLCanvasElement['getContext'], toDataURL: () => prefix + 'A'.repeat(lengthAt(width) - prefix.length) };
      };
      return { made, create };
    }
    const strokes = { kind: 'strokes' as const, strokes: [line(() => 0.5, 5)] };

    it('is the pad at the screen scale, drawn with the transform of that scale', async () => {
      const canvas = fakeCanvas(() => 1000);
      const url = await renderSignatureDataUrl(strokes, 2, { createCanvas: canvas.create });
      expect(url.startsWith(SIGNATURE_DATA_URL_PREFIX)).toBe(true);
      expect(canvas.made.map(({ width, height }) => [width, height])).toEqual([[1000, 240]]);
      expect(canvas.made[0]!.ops).toContain('setTransform(6)');
      expect(canvas.made[0]!.ops.filter((op) => op === 'fill(0)')).toHaveLength(1);
    });

    it('is made again at a lower scale when too large for the server, and refused when even 1x is', async () => {
      const shrinking = fakeCanvas((width) => (width > 500 ? SIGNATURE_DATA_URL_MAX_LENGTH + 1 : 2000));
      await renderSignatureDataUrl(strokes, 3, { createCanvas: shrinking.create });
      expect(shrinking.made.map((c) => c.width)).toEqual([1500, 1000, 500]);
      const huge = fakeCanvas(() => SIGNATURE_DATA_URL_MAX_LENGTH + 1);
      await expect(renderSignatureDataUrl(strokes, 1, { createCanvas: huge.create })).rejects.toThrow('too large');
    });

    it('is refused when the browser makes no PNG', async () => {
      const jpeg = fakeCanvas(() => 100, 'data:,');
      await expect(renderSignatureDataUrl(strokes, 1, { createCanvas: jpeg.create })).rejects.toThrow('PNG');
    });

    it('writes a typed name only once its font is loaded, in that font', async () => {
      const order: string[] = [];
      const canvas = fakeCanvas(() => 1000);
      const loadFont = async (text: string) => void order.push(`font:${text}`);
      const created: CreateCanvas = (w, h) => (order.push('canvas'), canvas.create(w, h));
      await renderSignatureDataUrl({ kind: 'name', name: 'Ada Lovelace' }, 1, { createCanvas: created, loadFont });
      expect(order).toEqual(['font:Ada Lovelace', 'canvas']);
      expect(canvas.made[0]!.ops).toContain('fillText(3)');
      expect(canvas.made[0]!.ops.some((op) => op.startsWith('font=') && op.includes(TYPED_NAME.family))).toBe(true);
    });
  });
});
