/**
 * The typed-name signature as real pixels: the export (renderSignatureDataUrl) drawn by Skia (@napi-rs/canvas, here
 * as pdfjs-dist's optional dependency) with the bundled Dancing Script font, decoded with pngjs. The PNG is the
 * 500x120 pad (or its 2x / 3x), its ink is the name (enough of it for the server's check, kept inside the margins
 * however long the name), and the server's own check (check-signature-png.ts) takes it. Without the canvas package the
 * file says so and skips: the agreements e2e checks the same PNG as Chromium makes it.
 */
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { SIGNATURE_DATA_URL_PREFIX } from '../../../src/shared/legal.ts';
import { checkSignaturePng } from '../../../src/server/domain/legal/check-signature-png.ts';

vi.mock('../../../src/client/ui/signature-pad/signature-font.ts', () => ({ SIGNATURE_FONT_FACES: [] }));
const { TYPED_NAME, renderSignatureDataUrl } = await import('../../../src/client/ui/signature-pad/signature-ink.ts');

type Skia = typeof import('@napi-rs/canvas');
const require = createRequire(import.meta.url);
let skia: Skia | null = null;
try {
  skia = require('@napi-rs/canvas') as Skia;
} catch {
  console.warn('[typed-name-png] @napi-rs/canvas is not installed (an optional dependency of pdfjs-dist): skipped');
}
if (skia) {
  const font = require.resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2');
  if (!skia.GlobalFonts.registerFromPath(font, TYPED_NAME.family)) throw new Error('the handwriting font did not register');
}

/** The ink of a PNG data URL: its size, the dark opaque pixels and their bounding box. */
function inkOf(dataUrl: string) {
  expect(dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)).toBe(true);
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  const png = PNG.sync.read(bytes);
  let pixels = 0;
  let [left, top, right, bottom] = [png.width, png.height, -1, -1];
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if ((png.data[(y * png.width + x) * 4 + 3] as number) < 128) continue;
      pixels++;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return { bytes, width: png.width, height: png.height, pixels, left, top, right, bottom };
}

const render = (name: string, ratio = 1) =>
  renderSignatureDataUrl({ kind: 'name', name }, ratio, {
    createCanvas: (w, h) => skia!.createCanvas(w, h) as unknown as HTMLCanvasElement,
    loadFont: async () => undefined,
  });

describe.skipIf(!skia)('typed-name signature PNG (real pixels)', () => {
  it.each([1, 2, 3])('is the 500x120 pad at %ix, with the name in ink the server accepts', async (scale) => {
    const ink = inkOf(await render('Grace Hopper', scale));
    expect([ink.width, ink.height]).toEqual([500 * scale, 120 * scale]);
    expect(ink.pixels).toBeGreaterThan(1_000 * scale * scale);
    expect(checkSignaturePng(new Uint8Array(ink.bytes))).toMatchObject({ ok: true, scale });
  });

  it('writes in the handwriting font, not a fallback (its ink differs from the same name in sans-serif)', async () => {
    const script = inkOf(await render('Grace Hopper'));
    const canvas = skia!.createCanvas(500, 120);
    const ctx = canvas.getContext('2d');
    ctx.font = `400 64px "${TYPED_NAME.family}"`;
    const scriptWidth = ctx.measureText('Grace Hopper').width;
    ctx.font = '400 64px sans-serif';
    expect(Math.abs(ctx.measureText('Grace Hopper').width - scriptWidth)).toBeGreaterThan(20);
    expect(script.right - script.left).toBeGreaterThan(200);
  });

  it('keeps a long name inside the margins, and a short one centred', async () => {
    const long = inkOf(await render('Maria Anna Sophia Cäcilia von Habsburg-Lothringen-Bourbon'));
    expect(long.left).toBeGreaterThanOrEqual(TYPED_NAME.marginX - 2);
    expect(long.right).toBeLessThanOrEqual(500 - TYPED_NAME.marginX + 2);
    expect(long.top).toBeGreaterThanOrEqual(0);
    expect(long.bottom).toBeLessThan(120);
    expect(checkSignaturePng(new Uint8Array(long.bytes)).ok).toBe(true);
    const short = inkOf(await render('Al'));
    expect(Math.abs((short.left + short.right) / 2 - 250)).toBeLessThan(6);
    expect(Math.abs((short.top + short.bottom) / 2 - 60)).toBeLessThan(6);
  });
});
