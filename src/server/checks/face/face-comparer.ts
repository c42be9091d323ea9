/**
 * Face comparison for the KYC review (the ID document's photo vs the investor's selfie), as evidence for a human
 * reviewer, never a decision: @vladmandic/human's models on tfjs's WASM backend, all from node_modules, offline.
 * A pair costs 0.5-2 s of CPU, so it runs in ONE worker thread (face-worker.ts), never on the server's event loop;
 * requests queue and go to the worker one at a time. JPEG and PNG only: the caller draws a PDF's page first.
 *
 * The worker starts on the first request (models ~0.2 s, first comparison ~1.2 s) and is unref'd while idle, so it
 * never holds the process open. A worker that crashes, fails to load its models or takes longer than `timeoutMs`
 * fails the request in flight (an Error) and is ended; the next request starts a fresh one. close() ends the worker
 * and fails what is queued or in flight; a later request starts a new worker.
 *
 * The worker's entry is face-worker-entry.mjs, which registers tsx inside the worker thread and loads
 * face-worker.ts: the same under `node --import tsx` and vitest; the production build bundles it under that name.
 */
import { Worker } from 'node:worker_threads';
import type { FaceBox, FaceResult } from './face-result.ts';
import type { RgbImage } from './face-image.ts';
import type { FaceReply, FaceRequest, FaceWork } from './face-worker.ts';

export { FACE_ENGINE_VERSION } from './face-engine.ts';
export type { RgbImage } from './face-image.ts';
export { FACE_MATCH_THRESHOLD, FACE_REVIEW_BAND, type FaceBox, type FaceImageRole, type FaceResult, type FaceVerdict } from './face-result.ts';

export type FaceComparer = {
  /** Compares the one face of each image. 'no face', 'several faces' and 'unreadable' are answers, not errors. */
  compare(selfie: Uint8Array, idImage: Uint8Array): Promise<FaceResult>;
  /** Every face that counts in one image, left to right (null: unreadable); for the benchmark and tests' crops. */
  locateFaces(image: Uint8Array): Promise<FaceBox[] | null>;
  /** JPEG or PNG bytes to RGB pixels in the worker (pure JavaScript decoders; null: unreadable), for the MRZ reader. */
  decodeImage(image: Uint8Array, maxSide: number): Promise<RgbImage | null>;
  /** The worker's thread id while one runs, else null (logs, tests). */
  readonly threadId: number | null;
  /** Ends the worker; what is queued or in flight rejects. The comparer stays usable (a new worker on next use). */
  close(): Promise<void>;
};

export type FaceComparerOptions = {
  /** One request's limit, the worker's start included, before the worker is ended (default 60 s). */
  timeoutMs?: number;
};

/** Plain JavaScript that registers tsx in the worker, then loads face-worker.ts (see that file for why). */
const WORKER_URL = new URL('./face-worker-entry.mjs', import.meta.url);

type OkReply = Extract<FaceReply, { ok: true }>;
type Job = { id: number; work: FaceWork; transfer: ArrayBuffer[]; resolve(reply: OkReply): void; reject(error: Error): void };

export function createFaceComparer(options: FaceComparerOptions = {}): FaceComparer {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 1;

  function finish() {
    if (timer) clearTimeout(timer);
    timer = null;
    current = null;
    worker?.unref();
    dispatch();
  }

  /** Ends a worker that crashed, hung or cannot load its models, failing its request; the next dispatch starts anew. */
  function discard(failed: Worker, error: Error) {
    if (worker !== failed) return;
    worker = null;
    if (timer) clearTimeout(timer);
    timer = null;
    const job = current;
    current = null;
    void failed.terminate();
    job?.reject(error);
    dispatch();
  }

  function spawn(): Worker {
    const started = new Worker(WORKER_URL, { name: 'face-worker' });
    started.unref();
    started.on('message', (reply: FaceReply) => {
      const job = current;
      if (worker !== started || !job || job.id !== reply.id) return;
      if (reply.ok) {
        job.resolve(reply);
        finish();
      } else if (reply.fatal) {
        discard(started, new Error(`The face worker could not start: ${reply.error.message}`));
      } else {
        const error = new Error(reply.error.message);
        error.name = reply.error.name;
        if (reply.error.stack) error.stack = reply.error.stack;
        job.reject(error);
        finish();
      }
    });
    started.on('error', (error) => discard(started, new Error(`The face worker failed: ${error.message}`, { cause: error })));
    started.on('exit', (code) => discard(started, new Error(`The face worker stopped (exit code ${code})`)));
    return started;
  }

  function dispatch() {
    if (current) return;
    const job = queue.shift();
    if (!job) return;
    const running = worker ?? (worker = spawn());
    current = job;
    running.ref();
    timer = setTimeout(() => discard(running, new Error(`Face comparison took longer than ${timeoutMs} ms; the worker was ended`)), timeoutMs);
    running.postMessage({ ...job.work, id: job.id } satisfies FaceRequest, job.transfer);
  }

  function send(work: FaceWork, transfer: ArrayBuffer[]): Promise<OkReply> {
    return new Promise<OkReply>((resolve, reject) => {
      queue.push({ id: nextId++, work, transfer, resolve, reject });
      dispatch();
    });
  }

  return {
    async compare(selfie, idImage) {
      // One copy each into a fresh ArrayBuffer of its own, moved to the worker; the caller's bytes stay untouched.
      // (Not .slice(): on a Buffer that is a view, and transferring its .buffer would detach Node's shared pool.)
      const selfieBuffer = new Uint8Array(selfie).buffer;
      const idBuffer = new Uint8Array(idImage).buffer;
      const reply = await send({ kind: 'compare', selfie: selfieBuffer, idImage: idBuffer }, [selfieBuffer, idBuffer]);
      if (reply.kind !== 'compare') throw new Error(`The face worker answered a compare with ${reply.kind}`);
      return reply.result;
    },
    async locateFaces(image) {
      const buffer = new Uint8Array(image).buffer; // a copy of its own, as in compare()
      const reply = await send({ kind: 'locate', image: buffer }, [buffer]);
      if (reply.kind !== 'locate') throw new Error(`The face worker answered a locate with ${reply.kind}`);
      return reply.faces;
    },
    async decodeImage(image, maxSide) {
      const buffer = new Uint8Array(image).buffer; // a copy of its own, as in compare()
      const reply = await send({ kind: 'decode', image: buffer, maxSide }, [buffer]);
      if (reply.kind !== 'decode') throw new Error(`The face worker answered a decode with ${reply.kind}`);
      return reply.image;
    },
    get threadId() {
      return worker?.threadId ?? null;
    },
    async close() {
      const closing = new Error('The face comparer was closed; the comparison was not made');
      for (const job of queue.splice(0)) job.reject(closing);
      const running = worker;
      const job = current;
      worker = null;
      current = null;
      if (timer) clearTimeout(timer);
      timer = null;
      job?.reject(closing);
      if (running) await running.terminate();
    },
  };
}
