/**
 * The sealing worker thread (started by agreement-sealer.ts): builds the sealing key once from what the pool hands
 * over (a KeyObject and the certificates), then does one piece of work per message (stamps and seals an agreement,
 * or seals a finished PDF: seal-work.ts), so the server's event loop never runs pdf-lib, @libpdf/core or the RSA
 * signature. Loaded through tsx like the server itself.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { sealingKeyFromMaterial, type SealingKeyMaterial, type SealingKeySource } from '../providers/sealing/sealing-key.ts';
import { sealWorkHere, type SealWork, type SealWorkResult } from './seal-work.ts';

export type SealWorkerData = { material: SealingKeyMaterial; source: SealingKeySource; contact: string };
export type SealRequest = { id: number; work: SealWork };
export type SealReply =
  | { id: number; ok: true; result: SealWorkResult }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

// Sealing may wait; requests may not. On Linux a nice value belongs to the thread that sets it (setpriority with
// pid 0), so this lowers this worker alone, and the server's request thread wins the CPU whenever both want it (on
// 2 cores the worker, the request thread and PGlite otherwise share them evenly). In the bench's A/B runs the status
// call's p99 under sealing was more often within 2x of idle with it than without (docs/decisions.md, issue 12).
// Refused (another OS, a container without the right): sealing runs at normal priority.
try {
  setPriority(19);
} catch {
  /* best effort */
}

const data = workerData as SealWorkerData;
const key = sealingKeyFromMaterial(data.material, data.source);
const port = parentPort;
if (!port) throw new Error('seal-worker.ts runs only as a worker thread');

port.on('message', (request: SealRequest) => {
  sealWorkHere(request.work, key, data.contact).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies SealReply),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: request.id, ok: false, error: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) } } satisfies SealReply);
    },
  );
});
