/**
 * The first page of an uploaded PDF as an image, for the MRZ reader (an identity document scanned to PDF). pdfjs-dist's
 * legacy build runs in Node with @napi-rs/canvas; every resource it may ask for (standard fonts, CMaps, colour
 * profiles, image decoders' WASM) is pointed at the installed package, so nothing is fetched. In Node pdfjs parses in
 * this thread (its "fake worker"); one page of a scan is tens of milliseconds.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

function pdfjsFolder(sub: string): string {
  return join(dirname(require.resolve('pdfjs-dist/package.json')), sub) + '/';
}

/** Longest side of the rendered page in pixels: ~280 dpi on A4, enough for an MRZ on a scanned card. */
const TARGET_PX = 3200;

export async function renderFirstPdfPage(bytes: Uint8Array): Promise<Canvas | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    standardFontDataUrl: pdfjsFolder('standard_fonts'),
    cMapUrl: pdfjsFolder('cmaps'),
    iccUrl: pdfjsFolder('iccs'),
    wasmUrl: pdfjsFolder('wasm'),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return null;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(6, TARGET_PX / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs types its canvas as the DOM's; @napi-rs/canvas is what its Node canvas factory makes too.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    return canvas;
  } finally {
    await task.destroy();
  }
}
