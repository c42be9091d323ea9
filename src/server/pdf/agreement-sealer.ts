/**
 * Stamping and sealing off the event loop (signed agreements; and the investor's statement, a finished PDF that is
 * only sealed). One stamping + seal keeps a thread busy for tens of milliseconds (pdf-lib
 * parsing and writing, @libpdf/core's parse and incremental save, the RSA signature: docs/server.md "Sealing" has the
 * figures), so seven agreements for each of ten investors would stall every other request for seconds. The sealer
 * hands each document to a small pool of worker threads (SEALING_WORKERS, default 1 on the 2-core machine: one
 * core stays with the server) and answers with a promise; with 0 workers it seals on the calling thread (tests,
 * debugging).
 *
 * Workers start on first use and are unref'd while idle, so an idle pool never holds the process open. A worker that
 * crashes, or a document that takes longer than `timeoutMs`, fails that document only: the worker is ended and a
 * new one starts for the next. close() refuses new work and what is still queued, waits for the documents being
 * sealed (up to `closeTimeoutMs`), then ends the workers.
 *
 * The worker's entry is seal-worker-entry.mjs, which registers tsx inside the worker thread and loads
 * seal-worker.ts: the same under `node --import tsx` (npm start) and under vitest.
 */
import { Worker } from 'node:worker_threads';
import type { Log } from '../log.ts';
import type { SealCertificate, SealingKey } from '../providers/sealing/sealing-key.ts';
import type { SealAgreementInput, SealedAgreement } from './seal-agreement.ts';
import type { SealedPdf, SealFinishedPdfInput } from './seal-finished-pdf.ts';
import type { SealWork, SealWorkResult } from './seal-work.ts';
import type { SealReply, SealRequest, SealWorkerData } from './seal-worker.ts';

export type AgreementSealer = {
  /** The seal's certificate (subject, fingerprint...), for the start log and the audit trail. */
  readonly certificate: SealCertificate;
  /** Worker threads in use (0: the calling thread). */
  readonly workers: number;
  /** Stamps and seals one signed agreement. Rejects if sealing fails, the worker dies, it times out or the sealer is closed. */
  sealAgreement(input: SealAgreementInput): Promise<SealedAgreement>;
  /** Seals a finished PDF (no stamping), in the same pool and queue, with the same failures. */
  sealPdf(input: SealFinishedPdfInput): Promise<SealedPdf>;
  /** Refuses new and queued work, waits for the documents in progress, ends the workers. Idempotent. */
  close(): Promise<void>;
};

export type AgreementSealerOptions = {
  key: SealingKey;
  /** Worker threads; 0 seals on the calling thread. */
  workers: number;
  /** ContactInfo of each seal (SEALING_CONTACT). */
  contact: string;
  log: Log;
  /** One document's limit before its worker is ended (default 60 s). */
  timeoutMs?: number;
  /** How long close() waits for documents in progress (default 30 s). */
  closeTimeoutMs?: number;
};

export class SealerClosedError extends Error {
  override readonly name = 'SealerClosedError';
  constructor() {
    super('The agreement sealer is closed (the server is stopping); the document was not sealed.');
  }
}

/** Plain JavaScript that registers tsx in the worker, then loads seal-worker.ts (see that file for why). */
const WORKER_URL = new URL('./seal-worker-entry.mjs', import.meta.url);

type Job = {
  id: number;
  work: SealWork;
  resolve(result: SealWorkResult): void;
  reject(error: Error): void;
};

/** The two kinds of work through one queue: `run` is the pool's (or the calling thread's) way to do one. */
const kinds = (run: (work: SealWork) => Promise<SealWorkResult>): Pick<AgreementSealer, 'sealAgreement' | 'sealPdf'> => ({
  sealAgreement: (input) => run({ kind: 'agreement', input }) as Promise<SealedAgreement>,
  sealPdf: (input) => run({ kind: 'pdf', input }) as Promise<SealedPdf>,
});

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null };

export function createAgreementSealer(options: AgreementSealerOptions): AgreementSealer {
  const { key, contact, log } = options;
  const size = options.workers;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 30_000;
  let closed = false;

  if (size === 0) {
    const inFlight = new Set<Promise<unknown>>();
    return {
      certificate: key.certificate,
      workers: 0,
      ...kinds(async (work) => {
        if (closed) throw new SealerClosedError();
        // Loaded on first use: the PDF libraries stay out of the server's start (the workers load their own).
        const run = import('./seal-work.ts').then(({ sealWorkHere }) => sealWorkHere(work, key, contact));
        inFlight.add(run);
        try {
          return await run;
        } finally {
          inFlight.delete(run);
        }
      }),
      async close() {
        closed = true;
        await Promise.allSettled([...inFlight]);
      },
    };
  }

  const workerData: SealWorkerData = { material: key.material, source: key.source, contact };
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let drained: (() => void) | null = null;

  const busy = () => slots.some((s) => s.job !== null);

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (closed && !busy()) drained?.();
    dispatch();
  }

  /** Ends a worker that failed or hung, failing its document; the next dispatch starts a fresh one. */
  function discard(slot: Slot, error: Error) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    void slot.worker.terminate();
    job?.reject(error);
    if (closed && !busy()) drained?.();
    dispatch();
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData, name: 'seal-worker' });
    const slot: Slot = { worker, job: null, timer: null };
    worker.unref();
    worker.on('message', (reply: SealReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      if (reply.ok) job.resolve(reply.result);
      else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, stack: reply.error.stack }));
      finish(slot);
    });
    worker.on('error', (error) => {
      log.error('A sealing worker failed', { error });
      discard(slot, new Error(`The sealing worker failed: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      if (slots.includes(slot)) discard(slot, new Error(`The sealing worker stopped (exit code ${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => discard(slot, new Error(`Sealing took longer than ${timeoutMs} ms; the worker was ended`)), timeoutMs);
      slot.worker.postMessage({ id: job.id, work: job.work } satisfies SealRequest);
    }
  }

  return {
    certificate: key.certificate,
    workers: size,
    ...kinds((work) => {
      if (closed) return Promise.reject(new SealerClosedError());
      return new Promise<SealWorkResult>((resolve, reject) => {
        queue.push({ id: nextId++, work, resolve, reject });
        dispatch();
      });
    }),
    async close() {
      if (!closed) {
        closed = true;
        for (const job of queue.splice(0)) job.reject(new SealerClosedError());
      }
      if (busy()) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, closeTimeoutMs))),
        ]);
        clearTimeout(timer);
      }
      for (const slot of slots.splice(0)) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new SealerClosedError());
        await slot.worker.terminate();
      }
    },
  };
}
