/**
 * The face engine inside the face worker: @vladmandic/human on tfjs's WASM backend (no native addon), with only the
 * three face models a comparison needs, loaded from node_modules through a file:// loader (tfjs can only fetch()
 * models, and Node's fetch has no file://). Finds the faces of one image and their embeddings; says how similar two
 * embeddings are. One call at a time: human keeps per-instance state between detections.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core'; // the instance human.node-wasm.js requires (typed; human.tf is `any`)
import type * as HumanModule from '@vladmandic/human';
import { FACE_MODEL_DIR, FACE_MODELS, HUMAN_WASM_BUILD, TFJS_WASM_DIR } from './face-engine.ts';
import type { FaceBox } from './face-result.ts';
import type { DetectionImage } from './face-image.ts';

/** Faces the detector is less sure of do not count (blazeface's default floor is 0.2). */
const MIN_FACE_SCORE = 0.5;
/** Faces under 0.4 of the largest one's width do not count: an ID card's small ghost portrait, people far behind. */
const MIN_RELATIVE_FACE_WIDTH = 0.4;

export type DetectedFace = { box: FaceBox; embedding: number[] };

export type FaceDetector = {
  /** The faces that count, largest first; boxes in the displayed image's full-size pixels. */
  faces(image: DetectionImage): Promise<DetectedFace[]>;
  /** human's similarity of two embeddings, 0..1 (above 0.5: a match, per its documentation). */
  similarity(a: number[], b: number[]): number;
};

const require = createRequire(import.meta.url);

/** Serves model.json and its weight files from disk for file:// URLs; null for any other URL (not ours). */
function fileModelRouter(url: string | string[]): tf.io.IOHandler | null {
  if (typeof url !== 'string' || !url.startsWith('file://')) return null;
  return {
    load: async () => {
      const file = new URL(url).pathname;
      const modelJson: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof modelJson !== 'object' || modelJson === null || !('modelTopology' in modelJson) || !('weightsManifest' in modelJson)) {
        throw new Error(`${file} is not a tfjs model.json`);
      }
      return tf.io.getModelArtifactsForJSON(modelJson as tf.io.ModelJSON, async (groups) => {
        const bytes = Buffer.concat(groups.flatMap((g) => g.paths.map((p) => readFileSync(join(dirname(file), p)))));
        return [groups.flatMap((g) => g.weights), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)];
      });
    },
  };
}

/** Loads the models (about 0.2 s) and checks they all loaded: human.load() logs per-model failures and goes on. */
export async function loadFaceDetector(): Promise<FaceDetector> {
  // tfjs types a router as never returning null, but its registry skips null (its own http router returns null).
  // Routers are per tfjs instance, and this module is loaded once per worker thread.
  tf.io.registerLoadRouter(fileModelRouter as Parameters<typeof tf.io.registerLoadRouter>[0]);
  const { Human } = require(HUMAN_WASM_BUILD) as typeof HumanModule;
  const human = new Human({
    backend: 'wasm',
    wasmPath: TFJS_WASM_DIR,
    modelBasePath: `file://${FACE_MODEL_DIR}/`,
    warmup: 'none',
    debug: false,
    cacheSensitivity: 0, // still images: never reuse a previous image's result
    face: {
      enabled: true,
      detector: { maxDetected: 10, rotation: true, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: true },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  const loaded = new Set(human.models.stats().modelStats.filter((m) => m.loaded).map((m) => m.name));
  const missing = FACE_MODELS.filter((name) => !loaded.has(name));
  if (missing.length > 0 || tf.getBackend() !== 'wasm') {
    throw new Error(`The face models did not load: missing ${missing.join(', ') || 'none'}, backend ${tf.getBackend()}`);
  }

  return {
    async faces(image) {
      const tensor = tf.tensor3d(image.rgb, [image.height, image.width, 3], 'int32');
      try {
        const result = await human.detect(tensor);
        if (result.error) throw new Error(`Face detection failed: ${result.error}`);
        const found = result.face.filter((f) => f.score >= MIN_FACE_SCORE && (f.embedding?.length ?? 0) > 0);
        const largest = Math.max(0, ...found.map((f) => f.boxRaw[2]));
        return found
          .filter((f) => f.boxRaw[2] >= MIN_RELATIVE_FACE_WIDTH * largest)
          .sort((a, b) => b.boxRaw[2] - a.boxRaw[2])
          .map((f) => ({
            // boxRaw is 0..1 of the (downscaled, upright) detection image: scale to the displayed image's full size
            box: {
              x: Math.round(f.boxRaw[0] * image.displayWidth),
              y: Math.round(f.boxRaw[1] * image.displayHeight),
              width: Math.round(f.boxRaw[2] * image.displayWidth),
              height: Math.round(f.boxRaw[3] * image.displayHeight),
              score: Math.round(f.score * 1000) / 1000,
            },
            embedding: f.embedding ?? [],
          }));
      } finally {
        tf.dispose(tensor);
      }
    },
    similarity: (a, b) => human.match.similarity(a, b),
  };
}
