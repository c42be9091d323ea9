/**
 * The pixel work of the MRZ reader, in plain typed arrays: greyscale, an adaptive threshold (uneven light on a
 * phone photo or a scan's shading must not hide the MRZ) and connected components (each printed character of the
 * MRZ is one, so the reader can count cells and tell the short '<' fillers from the full-height characters).
 */
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';

export type GrayImage = { width: number; height: number; data: Uint8Array };
/** 1 = ink, 0 = background. */
export type InkImage = { width: number; height: number; data: Uint8Array };
export type Box = { x0: number; y0: number; x1: number; y1: number };
export type Component = Box & { pixels: number };

export function toGray(canvas: Canvas): GrayImage {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < data.length; i += 4, p++) {
    data[p] = ((rgba[i] ?? 0) * 77 + (rgba[i + 1] ?? 0) * 150 + (rgba[i + 2] ?? 0) * 29) >> 8;
  }
  return { width, height, data };
}

/** A canvas of the image (or of a part of it), white where nothing is drawn. */
export function drawToCanvas(source: Image | Canvas, width: number, height: number, draw?: (ctx: SKRSContext2D) => void): Canvas {
  const canvas = createCanvas(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (draw) draw(ctx);
  else ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The image turned by `degrees` (clockwise on screen) around its centre, on a canvas large enough to hold it. */
export function rotateCanvas(source: Canvas, degrees: number): Canvas {
  if (degrees === 0) return source;
  const rad = (degrees * Math.PI) / 180;
  const w = Math.ceil(Math.abs(source.width * Math.cos(rad)) + Math.abs(source.height * Math.sin(rad)));
  const h = Math.ceil(Math.abs(source.width * Math.sin(rad)) + Math.abs(source.height * Math.cos(rad)));
  return drawToCanvas(source, w, h, (ctx) => {
    ctx.translate(w / 2, h / 2);
    ctx.rotate(rad);
    ctx.drawImage(source, -source.width / 2, -source.height / 2);
  });
}

/**
 * Bradley's adaptive threshold: ink where a pixel is clearly darker than the mean of its neighbourhood. Faint
 * security printing and shadows stay background; the window is wide enough to hold a character's strokes.
 */
export function binarize(gray: GrayImage, windowPx: number, darker = 0.18): InkImage {
  const { width, height, data } = gray;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x] ?? 0;
      integral[(y + 1) * (width + 1) + x + 1] = (integral[y * (width + 1) + x + 1] ?? 0) + row;
    }
  }
  const half = Math.max(4, Math.round(windowPx / 2));
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - half);
    const yb = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - half);
      const xb = Math.min(width, x + half + 1);
      const sum =
        (integral[yb * (width + 1) + xb] ?? 0) -
        (integral[ya * (width + 1) + xb] ?? 0) -
        (integral[yb * (width + 1) + xa] ?? 0) +
        (integral[ya * (width + 1) + xa] ?? 0);
      const mean = sum / ((xb - xa) * (yb - ya));
      const value = data[y * width + x] ?? 255;
      // Also a floor of contrast: in an empty, noisy area 18% darker than the mean is still noise.
      ink[y * width + x] = value < mean * (1 - darker) && mean - value > 24 ? 1 : 0;
    }
  }
  return { width, height, data: ink };
}

/** 8-connected components of the ink inside `region` (one pass with a stack; regions are a few hundred pixels high). */
export function components(ink: InkImage, region: Box): Component[] {
  const { width } = ink;
  const x0 = Math.max(0, Math.floor(region.x0));
  const y0 = Math.max(0, Math.floor(region.y0));
  const x1 = Math.min(ink.width, Math.ceil(region.x1));
  const y1 = Math.min(ink.height, Math.ceil(region.y1));
  const seen = new Uint8Array((x1 - x0) * (y1 - y0));
  const rw = x1 - x0;
  const found: Component[] = [];
  const stack: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const local = (y - y0) * rw + (x - x0);
      if (seen[local] || !ink.data[y * width + x]) continue;
      seen[local] = 1;
      stack.push(x, y);
      const c: Component = { x0: x, y0: y, x1: x, y1: y, pixels: 0 };
      while (stack.length > 0) {
        const py = stack.pop() ?? 0;
        const px = stack.pop() ?? 0;
        c.pixels++;
        if (px < c.x0) c.x0 = px;
        if (px > c.x1) c.x1 = px;
        if (py < c.y0) c.y0 = py;
        if (py > c.y1) c.y1 = py;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < y0 || ny >= y1) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < x0 || nx >= x1) continue;
            const nl = (ny - y0) * rw + (nx - x0);
            if (seen[nl] || !ink.data[ny * width + nx]) continue;
            seen[nl] = 1;
            stack.push(nx, ny);
          }
        }
      }
      found.push(c);
    }
  }
  return found;
}
