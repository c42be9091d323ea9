/**
 * Single-person test images for the face comparer's tests and benchmark, made at run time from the group photos
 * that ship with the devDependency @vladmandic/face-api (demo/sample1.jpg ... sample6.jpg, the package author's
 * photos). Those photos are ONLY ever read from node_modules, here: never copy them, or any crop of them, into the
 * repository. One head-and-shoulders crop per face (the other faces greyed out, as a selfie holds one person),
 * and the variants a comparison must survive: turned a little, scaled down, recompressed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import type { FaceBox } from './face-result.ts';

export const SAMPLE_GROUP_PHOTOS = [1, 2, 3, 4, 5, 6] as const;
export type SampleGroupPhoto = (typeof SAMPLE_GROUP_PHOTOS)[number];

export const CROP_VARIANTS = ['rotated +5°', 'rotated -5°', 'scaled 50%', 'JPEG recompressed'] as const;
export type CropVariant = (typeof CROP_VARIANTS)[number];

const GREY = '#808080';
const require = createRequire(import.meta.url);

/** The bytes of face-api's demo/sample<n>.jpg, read from node_modules (the only place they are read from). */
export function sampleGroupPhoto(n: SampleGroupPhoto): Uint8Array {
  const faceApiDir = join(dirname(require.resolve('@vladmandic/face-api')), '..');
  return new Uint8Array(readFileSync(join(faceApiDir, 'demo', `sample${n}.jpg`)));
}

// Bytes only: given a string, loadImage would also accept a path or a URL.
const load = (bytes: Uint8Array): Promise<Image> => loadImage(Buffer.from(bytes));
const jpeg = (canvas: Canvas, quality = 92): Uint8Array => new Uint8Array(canvas.encodeSync('jpeg', quality));

/**
 * One JPEG per face (in `faces`' order): a square of twice the face's size around it, a little more below than above
 * (head and shoulders, like a selfie), with every other face of the photo painted grey.
 */
export async function personCrops(photo: Uint8Array, faces: readonly FaceBox[]): Promise<Uint8Array[]> {
  const image = await load(photo);
  return faces.map((face) => {
    const side = Math.round(2 * Math.max(face.width, face.height));
    const left = Math.round(face.x + face.width / 2 - side / 2);
    const top = Math.round(face.y + face.height / 2 - side * 0.45);
    const canvas = createCanvas(side, side);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = GREY;
    ctx.fillRect(0, 0, side, side);
    ctx.drawImage(image, -left, -top);
    for (const other of faces) {
      if (other === face) continue;
      ctx.fillRect(other.x - 0.05 * other.width - left, other.y - 0.1 * other.height - top, 1.1 * other.width, 1.2 * other.height);
    }
    return jpeg(canvas);
  });
}

/** The crop turned by a few degrees (grey corners), halved, or saved again as a lower-quality JPEG. */
export async function cropVariant(crop: Uint8Array, variant: CropVariant): Promise<Uint8Array> {
  const image = await load(crop);
  if (variant === 'JPEG recompressed') {
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return jpeg(canvas, 40);
  }
  if (variant === 'scaled 50%') {
    const canvas = createCanvas(Math.round(image.width / 2), Math.round(image.height / 2));
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    return jpeg(canvas);
  }
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = GREY;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate(((variant === 'rotated +5°' ? 5 : -5) * Math.PI) / 180);
  ctx.drawImage(image, -image.width / 2, -image.height / 2);
  return jpeg(canvas);
}

/** Every person of the chosen group photos as a crop, named s<photo>p<n> (left to right), via the comparer's worker. */
export async function samplePeople(
  locateFaces: (image: Uint8Array) => Promise<FaceBox[] | null>,
  photos: readonly SampleGroupPhoto[] = SAMPLE_GROUP_PHOTOS,
): Promise<{ name: string; crop: Uint8Array }[]> {
  const people: { name: string; crop: Uint8Array }[] = [];
  for (const n of photos) {
    const photo = sampleGroupPhoto(n);
    const faces = await locateFaces(photo);
    if (!faces) throw new Error(`face-api's sample${n}.jpg could not be read`);
    (await personCrops(photo, faces)).forEach((crop, i) => people.push({ name: `s${n}p${i + 1}`, crop }));
  }
  return people;
}
