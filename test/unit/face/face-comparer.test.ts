/**
 * The face comparer as the server uses it: one worker thread running @vladmandic/human on the WASM backend. Its
 * test images are made here at run time from the group photos of the devDependency @vladmandic/face-api, read
 * from node_modules only (src/server/checks/face/sample-face-crops.ts): nothing of them is stored in the repository.
 * One comparer for the file (its worker loads the models once); the timeout case has its own.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACE_MODEL_DIR } from '../../../src/server/checks/face/face-engine.ts';
import {
  createFaceComparer,
  FACE_ENGINE_VERSION,
  FACE_MATCH_THRESHOLD,
  type FaceComparer,
  type FaceResult,
} from '../../../src/server/checks/face/face-comparer.ts';
import { CROP_VARIANTS, cropVariant, sampleGroupPhoto, samplePeople } from '../../../src/server/checks/face/sample-face-crops.ts';
import { withExifOrientation } from './exif-jpeg.ts';

const fetchSpy = vi.spyOn(globalThis, 'fetch');
let comparer: FaceComparer;
let people: Map<string, Uint8Array>;

const person = (name: string): Uint8Array => {
  const crop = people.get(name);
  if (!crop) throw new Error(`no crop ${name}: the sample photos' faces were not all found`);
  return crop;
};
const similarityOf = (result: FaceResult): number => {
  if (result.outcome !== 'compared') throw new Error(`not compared: ${JSON.stringify(result)}`);
  return result.similarity;
};

function greyJpeg(width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#808080';
  ctx.fillRect(0, 0, width, height);
  return new Uint8Array(canvas.encodeSync('jpeg', 90));
}

/** The crop stored a quarter turn to the left, with EXIF orientation 6 saying "display it turned right". */
async function storedSideways(jpeg: Uint8Array): Promise<Uint8Array> {
  const { loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(jpeg));
  const canvas = createCanvas(image.height, image.width);
  const ctx = canvas.getContext('2d');
  ctx.translate(0, image.width);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(image, 0, 0);
  return withExifOrientation(new Uint8Array(canvas.encodeSync('jpeg', 92)), 6);
}

beforeAll(async () => {
  comparer = createFaceComparer();
  // sample1.jpg: 3 people, sample6.jpg: 4 people; located by the comparer's own worker (which starts it).
  const found = await samplePeople((image) => comparer.locateFaces(image), [1, 6]);
  people = new Map(found.map((p) => [p.name, p.crop]));
}, 60_000);

afterAll(async () => {
  await comparer?.close();
});

describe('the face comparer', () => {
  it('finds every face of the sample group photos', () => {
    expect([...people.keys()]).toEqual(['s1p1', 's1p2', 's1p3', 's6p1', 's6p2', 's6p3', 's6p4']);
    expect(FACE_ENGINE_VERSION).toMatch(/^@vladmandic\/human 3\.3\.6 .*tfjs-core 4\.22\.0.*WASM/);
  });

  it('matches a face with itself turned ±5°, halved and recompressed', async () => {
    const original = person('s1p1');
    for (const variant of CROP_VARIANTS) {
      const result = await comparer.compare(await cropVariant(original, variant), original);
      expect(result, variant).toMatchObject({ outcome: 'compared', threshold: FACE_MATCH_THRESHOLD });
      expect(similarityOf(result), variant).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
      if (result.outcome === 'compared') {
        // The boxes are in each image's own pixels: the halved selfie's face is about half the ID's.
        const ratio = result.faces.selfie.width / result.faces.id.width;
        expect(ratio, variant).toBeCloseTo(variant === 'scaled 50%' ? 0.5 : 1, 1);
      }
    }
  });

  it('turns a selfie stored sideways upright by its EXIF orientation, and gives its face box as displayed', async () => {
    const result = await comparer.compare(await storedSideways(person('s6p3')), person('s6p3'));
    expect(similarityOf(result)).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    // human also finds a face lying on its side (0.95 here without the tag), so the box tells: displayed upright,
    // the selfie's face is where the upright crop's is (stored sideways it would be elsewhere and 15 % smaller).
    if (result.outcome === 'compared') {
      const { selfie, id } = result.faces;
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(selfie[key] - id[key]), key).toBeLessThan(0.05 * id.width);
    }
  });

  it('scores different people low', async () => {
    const pairs = [['s1p1', 's1p2'], ['s1p1', 's1p3'], ['s1p2', 's1p3'], ['s1p1', 's6p2'], ['s1p2', 's6p1'], ['s6p2', 's6p3']] as const;
    const rows: { selfie: string; id: string; similarity: number; verdict: string }[] = [];
    for (const [selfie, id] of pairs) {
      const result = await comparer.compare(person(selfie), person(id));
      rows.push({ selfie, id, similarity: similarityOf(result), verdict: result.outcome === 'compared' ? result.verdict : '-' });
    }
    console.log(`different people (threshold ${FACE_MATCH_THRESHOLD}):\n${rows.map((r) => `  ${r.selfie} vs ${r.id}: ${r.similarity.toFixed(3)} ${r.verdict}`).join('\n')}`);
    for (const row of rows) expect(row.verdict, `${row.selfie} vs ${row.id}`).toBe('likely different people');
  });

  it('answers "several faces" for a group photo, "no face" for a grey image, "unreadable" for garbage', async () => {
    expect(await comparer.compare(sampleGroupPhoto(1), person('s1p1'))).toEqual({ outcome: 'several faces', image: 'selfie', count: 3 });
    expect(await comparer.compare(person('s1p1'), greyJpeg(800, 600))).toEqual({ outcome: 'no face', image: 'id' });
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    expect(await comparer.compare(garbage, person('s1p1'))).toEqual({ outcome: 'unreadable', image: 'selfie' });
    expect(await comparer.compare(person('s1p1'), new Uint8Array(0))).toEqual({ outcome: 'unreadable', image: 'id' });
    expect(await comparer.locateFaces(garbage)).toBeNull();
  });

  it("copies the caller's bytes: a Buffer, even a small one in Node's shared pool, stays whole", async () => {
    const selfie = Buffer.from(person('s1p1'));
    const tiny = Buffer.from([1, 2, 3]); // pooled: its .buffer is shared with other small Buffers
    const neighbour = Buffer.from([4, 5, 6]);
    expect(await comparer.compare(selfie, tiny)).toEqual({ outcome: 'unreadable', image: 'id' });
    expect(selfie.byteLength).toBe(person('s1p1').byteLength);
    expect([...tiny, ...neighbour]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the event loop free while it compares', async () => {
    let last = performance.now();
    let longestGap = 0;
    let ticks = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 20);
    const started = performance.now();
    try {
      const result = await comparer.compare(person('s6p1'), person('s6p4'));
      expect(result.outcome).toBe('compared');
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    console.log(`event loop during a ${Math.round(took)} ms comparison: ${ticks} ticks, longest gap ${Math.round(longestGap)} ms`);
    expect(took).toBeGreaterThan(100); // a real comparison ran meanwhile
    expect(ticks).toBeGreaterThan(took / 20 / 3);
    expect(longestGap).toBeLessThan(200);
  });

  it('close() ends the worker and fails the comparison in flight; the next comparison starts a new one', async () => {
    await comparer.compare(person('s1p2'), person('s1p2'));
    const first = comparer.threadId;
    expect(first).not.toBeNull();
    const inFlight = comparer.compare(person('s1p2'), person('s1p3')).then(
      () => 'compared',
      (error: unknown) => error,
    );
    await comparer.close();
    expect(await inFlight).toBeInstanceOf(Error);
    expect(comparer.threadId).toBeNull();
    const again = await comparer.compare(person('s1p2'), person('s1p2'));
    expect(similarityOf(again)).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(comparer.threadId).not.toBeNull();
    expect(comparer.threadId).not.toBe(first);
  });

  it('ends a worker that takes too long and fails that comparison with an Error', async () => {
    const hasty = createFaceComparer({ timeoutMs: 5 });
    try {
      await expect(hasty.compare(person('s1p1'), person('s1p2'))).rejects.toThrow(/longer than 5 ms/);
      expect(hasty.threadId).toBeNull();
    } finally {
      await hasty.close();
    }
  });

  it('never uses the network: models and WASM come from node_modules', () => {
    expect(FACE_MODEL_DIR).toMatch(/\/node_modules\/@vladmandic\/human\/models$/);
    // The worker's own fetch throws (face-worker.ts), so every comparison above loaded its models from disk.
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
