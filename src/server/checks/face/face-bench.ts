/**
 * The face comparer's benchmark: time per pair and how the similarity separates people, on crops made at run time
 * from the group photos of the devDependency @vladmandic/face-api (sample-face-crops.ts: 22 people; those photos
 * are only ever read from node_modules, never stored in the repository). Same person: each crop against itself
 * turned +5° and -5°, halved and recompressed (88 pairs); different people: every pair of two crops (231). One
 * comparer, its worker started and warm (the faces of the group photos are located with it) before the clock runs.
 */
import { createFaceComparer, FACE_MATCH_THRESHOLD, type FaceComparer } from './face-comparer.ts';
import { CROP_VARIANTS, cropVariant, samplePeople } from './sample-face-crops.ts';

type Timed = { ms: number; similarity: number | null };

async function timedCompare(comparer: FaceComparer, selfie: Uint8Array, idImage: Uint8Array): Promise<Timed> {
  const started = performance.now();
  const result = await comparer.compare(selfie, idImage);
  return { ms: performance.now() - started, similarity: result.outcome === 'compared' ? result.similarity : null };
}

const above = (pairs: Timed[]) => pairs.filter((p) => p.similarity !== null && p.similarity >= FACE_MATCH_THRESHOLD).length;

export async function measureFaces(): Promise<{
  pairs: number;
  msP50: number;
  msMax: number;
  sameMatched: number;
  sameTotal: number;
  differentAbove: number;
  differentTotal: number;
  peakRssMb: number;
}> {
  const comparer = createFaceComparer();
  try {
    const people = await samplePeople((image) => comparer.locateFaces(image));
    const same: Timed[] = [];
    for (const person of people) {
      for (const variant of CROP_VARIANTS) same.push(await timedCompare(comparer, await cropVariant(person.crop, variant), person.crop));
    }
    const different: Timed[] = [];
    for (let i = 0; i < people.length; i++) {
      for (let j = i + 1; j < people.length; j++) {
        const [a, b] = [people[i], people[j]];
        if (a && b) different.push(await timedCompare(comparer, a.crop, b.crop));
      }
    }
    const times = [...same, ...different].map((p) => p.ms).sort((a, b) => a - b);
    return {
      pairs: times.length,
      msP50: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      msMax: Math.round(times[times.length - 1] ?? 0),
      sameMatched: above(same),
      sameTotal: same.length,
      differentAbove: above(different),
      differentTotal: different.length,
      // The whole process: the worker thread's heap and its WASM memory count here too.
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await comparer.close();
  }
}
