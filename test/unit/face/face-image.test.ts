/**
 * The face worker's image preparation without the worker: EXIF orientation read and applied, the downscale (and
 * transparency laid over white), refusals; and how a similarity becomes the reviewer's verdict.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { downscale, imageForDetection, jpegOrientation, orient } from '../../../src/server/checks/face/face-image.ts';
import { faceVerdict, FACE_REVIEW_BAND } from '../../../src/server/checks/face/face-result.ts';
import { withExifOrientation } from './exif-jpeg.ts';

function jpegOf(width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#204080';
  ctx.fillRect(0, 0, width, height);
  return new Uint8Array(canvas.encodeSync('jpeg', 90));
}

/** A 3 x 2 RGB image whose pixel at (x, y) holds [x, y, 7]. */
const labelled = { width: 3, height: 2, rgb: new Uint8Array([0, 0, 7, 1, 0, 7, 2, 0, 7, 0, 1, 7, 1, 1, 7, 2, 1, 7]) };
const pixel = (image: { width: number; rgb: Uint8Array }, x: number, y: number) => [...image.rgb.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)];

describe('EXIF orientation', () => {
  it('is read in both byte orders, and is 1 without a tag or for a PNG', () => {
    const plain = jpegOf(40, 20);
    for (const o of [1, 3, 6, 8]) {
      expect(jpegOrientation(withExifOrientation(plain, o, 'MM'))).toBe(o);
      expect(jpegOrientation(withExifOrientation(plain, o, 'II'))).toBe(o);
    }
    expect(jpegOrientation(plain)).toBe(1);
    expect(jpegOrientation(withExifOrientation(plain, 42))).toBe(1);
    expect(jpegOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });

  it('turns the pixels as a viewer displays them', () => {
    // 6: stored turned left, displayed turned a quarter right: the stored bottom-left pixel is displayed top-left.
    const right = orient(labelled, 6);
    expect([right.width, right.height]).toEqual([2, 3]);
    expect(pixel(right, 0, 0)).toEqual([0, 1, 7]);
    expect(pixel(right, 1, 0)).toEqual([0, 0, 7]);
    expect(pixel(right, 0, 2)).toEqual([2, 1, 7]);
    // 8: the other way: the stored top-right pixel is displayed top-left.
    const left = orient(labelled, 8);
    expect(pixel(left, 0, 0)).toEqual([2, 0, 7]);
    expect(pixel(left, 1, 2)).toEqual([0, 1, 7]);
    // 3: upside down; 2: mirrored.
    expect(pixel(orient(labelled, 3), 0, 0)).toEqual([2, 1, 7]);
    expect(pixel(orient(labelled, 2), 0, 1)).toEqual([2, 1, 7]);
    expect(orient(labelled, 1)).toBe(labelled);
  });

  it('gives the displayed size for a JPEG stored sideways', () => {
    const image = imageForDetection(withExifOrientation(jpegOf(400, 200), 6), 100);
    expect(image).toMatchObject({ width: 50, height: 100, displayWidth: 200, displayHeight: 400 });
  });
});

describe('image preparation', () => {
  it('averages down to the longest side and lays transparency over white', () => {
    // 4 x 2 RGBA: left half opaque black, right half fully transparent (its colour must not show).
    const rgba = new Uint8Array(4 * 2 * 4);
    for (let i = 0; i < 8; i++) rgba.set(i % 4 < 2 ? [0, 0, 0, 255] : [0, 0, 0, 0], i * 4);
    const small = downscale(rgba, 4, 2, 4, 2);
    expect([small.width, small.height]).toEqual([2, 1]);
    expect([...small.rgb]).toEqual([0, 0, 0, 255, 255, 255]);
  });

  it('refuses what is not a JPEG or PNG, a corrupt one and a PNG over the pixel limit', () => {
    expect(imageForDetection(new TextEncoder().encode('%PDF-1.7 not an image'), 1600)).toBeNull();
    expect(imageForDetection(jpegOf(40, 20).subarray(0, 30), 1600)).toBeNull();
    // A valid PNG header claiming 100,000 x 100,000 pixels: refused before anything is allocated.
    const header = new Uint8Array(33);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(header.buffer).setUint32(16, 100_000);
    new DataView(header.buffer).setUint32(20, 100_000);
    expect(imageForDetection(header, 1600)).toBeNull();
  });
});

describe('the verdict', () => {
  it('is "uncertain" inside the review band, its low end included and its high end not', () => {
    expect(faceVerdict(FACE_REVIEW_BAND.high)).toBe('likely same person');
    expect(faceVerdict(0.599)).toBe('uncertain');
    expect(faceVerdict(FACE_REVIEW_BAND.low)).toBe('uncertain');
    expect(faceVerdict(0.449)).toBe('likely different people');
  });
});
