/**
 * Drawn signatures for tests, made with pngjs the way the signature pad exports them: a 500 x 120 canvas (times a
 * scale), transparent or white, with dark strokes of a given width.
 */
import { PNG } from 'pngjs';

export type Point = [number, number];

export type DrawOptions = {
  scale?: number;
  /** Canvas background: transparent (the pad's default) or opaque white. */
  background?: 'transparent' | 'white';
  /** Stroke width in canvas (1x) pixels. */
  stroke?: number;
  color?: [number, number, number];
};

/** Polylines in the canvas's 500 x 120 units. */
export function drawSignaturePng(strokes: Point[][], options: DrawOptions = {}): Uint8Array {
  const { scale = 1, background = 'transparent', stroke = 3, color = [20, 24, 60] } = options;
  const width = 500 * scale;
  const height = 120 * scale;
  const png = new PNG({ width, height });
  png.data.fill(background === 'white' ? 255 : 0);
  const radius = (stroke * scale) / 2;
  const dab = (cx: number, cy: number) => {
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        if ((x - cx) ** 2 + (y - cy) ** 2 > radius * radius) continue;
        const i = (y * width + x) * 4;
        png.data[i] = color[0];
        png.data[i + 1] = color[1];
        png.data[i + 2] = color[2];
        png.data[i + 3] = 255;
      }
    }
  };
  for (const line of strokes) {
    for (let k = 0; k < line.length; k++) {
      const [x0, y0] = line[k]!;
      const [x1, y1] = line[Math.min(k + 1, line.length - 1)]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * scale));
      for (let s = 0; s <= steps; s++) dab((x0 + ((x1 - x0) * s) / steps) * scale, (y0 + ((y1 - y0) * s) / steps) * scale);
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

/** A plausible handwritten signature: a looping wave across most of the pad and a crossing stroke. */
export function sampleSignature(): Point[][] {
  const wave: Point[] = [];
  for (let x = 40; x <= 420; x += 4) wave.push([x, 60 + 28 * Math.sin(x / 18) * Math.cos(x / 61)]);
  return [wave, [[120, 95], [200, 30], [260, 88]], [[300, 70], [460, 62]]];
}

export const blankSignaturePng = (options: DrawOptions = {}) => drawSignaturePng([], options);
