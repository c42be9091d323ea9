/**
 * The face worker thread (started by face-comparer.ts): loads the face models once, then answers one request at a
 * time (compare a selfie with an ID image, or locate the faces of one image), so the server's event loop never
 * runs a detection (0.5-2 s of CPU per pair). Loaded through tsx like the server itself (face-worker-entry.mjs).
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { compareFaces, locateFaces } from './compare-faces.ts';
import { loadFaceDetector, type FaceDetector } from './face-detector.ts';
import { decodeImage, type RgbImage } from './face-image.ts';
import type { FaceBox, FaceResult } from './face-result.ts';

/** What the worker is asked to do; the images' bytes are transferred, not copied. */
export type FaceWork =
  | { kind: 'compare'; selfie: ArrayBuffer; idImage: ArrayBuffer }
  | { kind: 'locate'; image: ArrayBuffer }
  /** Decoding only (the MRZ reader's images): pure JavaScript, so no native decoder ever reads an upload. */
  | { kind: 'decode'; image: ArrayBuffer; maxSide: number };
export type FaceRequest = FaceWork & { id: number };
export type FaceReply =
  | { id: number; ok: true; kind: 'compare'; result: FaceResult }
  | { id: number; ok: true; kind: 'locate'; faces: FaceBox[] | null }
  | { id: number; ok: true; kind: 'decode'; image: RgbImage | null }
  /** `fatal`: the models did not load; this worker is of no further use. */
  | { id: number; ok: false; fatal: boolean; error: { name: string; message: string; stack?: string } };

// A comparison may wait; requests may not. On Linux a nice value belongs to the thread that sets it, so this lowers
// this worker alone and the server's request thread wins the CPU when both want it (as the sealing worker does).
// Refused (another OS, a container without the right): it runs at normal priority.
try {
  setPriority(19);
} catch {
  /* best effort */
}

// Everything this worker needs is on disk. Should human or tfjs ever reach for the network (a model URL gone wrong),
// it fails here rather than sending anything anywhere.
globalThis.fetch = async () => {
  throw new Error('The face worker does not use the network');
};

const port = parentPort;
if (!port) throw new Error('face-worker.ts runs only as a worker thread');

let detector: Promise<FaceDetector> | null = null;
let queue: Promise<void> = Promise.resolve();

async function answer(request: FaceRequest): Promise<FaceReply> {
  if (request.kind === 'decode') {
    try {
      return { id: request.id, ok: true, kind: 'decode', image: decodeImage(new Uint8Array(request.image), request.maxSide) };
    } catch (error) {
      return { id: request.id, ok: false, fatal: false, error: describe(error) };
    }
  }
  let ready: FaceDetector;
  try {
    ready = await (detector ??= loadFaceDetector());
  } catch (error) {
    return { id: request.id, ok: false, fatal: true, error: describe(error) };
  }
  try {
    if (request.kind === 'compare') {
      return { id: request.id, ok: true, kind: 'compare', result: await compareFaces(ready, new Uint8Array(request.selfie), new Uint8Array(request.idImage)) };
    }
    return { id: request.id, ok: true, kind: 'locate', faces: await locateFaces(ready, new Uint8Array(request.image)) };
  } catch (error) {
    return { id: request.id, ok: false, fatal: false, error: describe(error) };
  }
}

function describe(error: unknown): { name: string; message: string; stack?: string } {
  const e = error instanceof Error ? error : new Error(String(error));
  return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
}

port.on('message', (request: FaceRequest) => {
  // human keeps per-instance state between detections: one request at a time, in order.
  // A reply that cannot be sent would leave the comparer waiting: end this worker instead (the comparer then fails
  // that request and starts a fresh worker for the next).
  queue = queue
    .then(async () => {
      const reply = await answer(request);
      // A decoded image's pixels are moved, not copied.
      port.postMessage(reply, reply.ok && reply.kind === 'decode' && reply.image ? [reply.image.rgb.buffer as ArrayBuffer] : []);
    })
    .catch(() => process.exit(1));
});
