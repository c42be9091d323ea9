/**
 * How far the document's text lines are turned from horizontal (a hand-held photo or a crooked scan), so the reader
 * can straighten the image before it looks for the MRZ's lines: the projection-profile method. Turned by the right
 * angle, the ink falls into a few sharp rows (text lines), which maximises the sum of squared row counts.
 */
import type { Box, InkImage } from './gray-image.ts';

const MAX_POINTS = 40_000;

function profileScore(xs: Float64Array, ys: Float64Array, count: number, degrees: number, height: number): number {
  const rad = (degrees * Math.PI) / 180;
  const sin = Math.sin(rad);
  const cos = Math.cos(rad);
  const offset = height;
  const bins = new Float64Array(height * 3);
  for (let i = 0; i < count; i++) {
    const y = Math.round((ys[i] ?? 0) * cos - (xs[i] ?? 0) * sin) + offset;
    if (y >= 0 && y < bins.length) bins[y] = (bins[y] ?? 0) + 1;
  }
  let score = 0;
  for (const b of bins) score += b * b;
  return score;
}

/**
 * Degrees the image must be turned (clockwise on screen, as rotateCanvas takes them) to make its text horizontal,
 * searched within ±maxDegrees; 0 when there is too little ink to tell.
 */
export function estimateSkewDegrees(ink: InkImage, region: Box, maxDegrees = 8): number {
  const x0 = Math.max(0, Math.floor(region.x0));
  const y0 = Math.max(0, Math.floor(region.y0));
  const x1 = Math.min(ink.width, Math.ceil(region.x1));
  const y1 = Math.min(ink.height, Math.ceil(region.y1));
  let total = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) total += ink.data[y * ink.width + x] ?? 0;
  if (total < 200) return 0;
  // A sample of the ink is enough for the angle, and keeps this a few milliseconds.
  const stride = Math.max(1, Math.ceil(total / MAX_POINTS));
  const xs = new Float64Array(Math.ceil(total / stride) + 1);
  const ys = new Float64Array(xs.length);
  let count = 0;
  let seen = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!ink.data[y * ink.width + x]) continue;
      if (seen++ % stride === 0 && count < xs.length) {
        xs[count] = x - x0;
        ys[count] = y - y0;
        count++;
      }
    }
  }
  const height = y1 - y0;
  let best = 0;
  let bestScore = -1;
  for (let d = -maxDegrees; d <= maxDegrees; d += 0.5) {
    const s = profileScore(xs, ys, count, d, height);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  const coarse = best;
  for (let d = coarse - 0.4; d <= coarse + 0.4 + 1e-9; d += 0.1) {
    const s = profileScore(xs, ys, count, d, height);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  // Rows in the profile are y·cos − x·sin: the angle that levels the lines, turned the other way.
  return -Math.round(best * 10) / 10;
}
