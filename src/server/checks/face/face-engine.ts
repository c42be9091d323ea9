/**
 * Where the face engine's parts are on disk and which versions they are: @vladmandic/human's WASM build, its
 * models (shipped in the package) and tfjs's WASM binaries, all read from node_modules, never fetched. Light on
 * purpose (no tfjs here): the comparer imports it on the server's main thread for the version it records.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The three models a comparison runs: face detector, face mesh (alignment), face description (the embedding). */
export const FACE_MODELS = ['blazeface', 'facemesh', 'faceres'] as const;

/**
 * human's package.json "exports" has no "./" subpaths (Node reads its keys as conditions), and its "node" condition
 * is the tfjs-node build: resolve the main file and take the WASM build beside it.
 */
export const HUMAN_DIST_DIR = dirname(require.resolve('@vladmandic/human'));
export const HUMAN_WASM_BUILD = join(HUMAN_DIST_DIR, 'human.node-wasm.js');
export const FACE_MODEL_DIR = join(HUMAN_DIST_DIR, '..', 'models');
/** tfjs-backend-wasm's *.wasm sit beside its Node build; it reads them with fs when given this folder. */
export const TFJS_WASM_DIR = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;

function versionIn(packageJson: string): string {
  const parsed: unknown = JSON.parse(readFileSync(packageJson, 'utf8'));
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

const humanVersion = versionIn(join(HUMAN_DIST_DIR, '..', 'package.json'));
const tfjsVersion = versionIn(require.resolve('@tensorflow/tfjs-core/package.json'));
const wasmVersion = versionIn(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));

/** Recorded with each comparison, so a reviewer (or a later audit) knows which engine and models produced it. */
export const FACE_ENGINE_VERSION = `@vladmandic/human ${humanVersion} (models ${FACE_MODELS.join(', ')} from its package), @tensorflow/tfjs-core ${tfjsVersion}, tfjs-backend-wasm ${wasmVersion} (WASM, CPU)`;
