/**
 * Measures stamping + sealing on this machine: ms per document (median of 7 runs of each agreement) on the calling
 * thread and through the worker, the longest event-loop block of one in-process document, and the longest
 * event-loop delay while seven documents seal, in process and in the worker.
 *   node --import tsx test/unit/support/measure-sealing.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryLog } from '../../../src/server/log.ts';
import { createAgreementSealer } from '../../../src/server/pdf/agreement-sealer.ts';
import { createLegalPdf } from '../../../src/server/pdf/legal-pdf.ts';
import type { SealAgreementInput } from '../../../src/server/pdf/seal-agreement.ts';
import { AGREEMENTS } from '../../../src/server/seed/agreement-text/index.ts';
import { SEALED_AT, sampleRecord, testSealingKey } from './sealing-fixtures.ts';
import { drawSignaturePng, sampleSignature } from './signature-png.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const { key, remove } = await testSealingKey();
const signaturePng = drawSignaturePng(sampleSignature(), { scale: 2 });
const inputs: SealAgreementInput[] = await Promise.all(
  AGREEMENTS.map(async (a) => ({ presentedPdf: await createLegalPdf(a.document), fields: a.signature, record: sampleRecord(a), signaturePng, sealedAt: SEALED_AT })),
);
const here = createAgreementSealer({ key, workers: 0, contact: 'measure', log: createMemoryLog() });
const pool = createAgreementSealer({ key, workers: 1, contact: 'measure', log: createMemoryLog() });

async function perDocument(sealer: typeof here): Promise<{ median: number; perAgreement: Record<string, number> }> {
  for (const input of inputs) await sealer.sealAgreement(input); // warm-up (JIT, worker start)
  const perAgreement: Record<string, number> = {};
  const all: number[] = [];
  for (const [i, input] of inputs.entries()) {
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      const start = performance.now();
      await sealer.sealAgreement(input);
      times.push(performance.now() - start);
    }
    perAgreement[AGREEMENTS[i]!.key] = Math.round(median(times) * 10) / 10;
    all.push(...times);
  }
  return { median: Math.round(median(all) * 10) / 10, perAgreement };
}

async function sevenAtOnce(sealer: typeof here): Promise<{ ms: number; maxDelayMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const start = performance.now();
  await Promise.all(inputs.map((input) => sealer.sealAgreement(input)));
  const ms = performance.now() - start;
  delay.disable();
  return { ms: Math.round(ms), maxDelayMs: Math.round((delay.max / 1e6) * 10) / 10 };
}

/** The longest event-loop block while one document seals on the calling thread, for each agreement. */
async function blockOfOne(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [i, input] of inputs.entries()) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    await here.sealAgreement(input);
    delay.disable();
    out[AGREEMENTS[i]!.key] = Math.round((delay.max / 1e6) * 10) / 10;
  }
  return out;
}

const inProcess = await perDocument(here);
const blockInProcess = await blockOfOne();
const inWorker = await perDocument(pool);
const sevenHere = [await sevenAtOnce(here), await sevenAtOnce(here), await sevenAtOnce(here)];
const sevenWorker = [await sevenAtOnce(pool), await sevenAtOnce(pool), await sevenAtOnce(pool)];
console.log(JSON.stringify({ inProcess, blockInProcess, inWorker, sevenInProcess: sevenHere, sevenInWorker: sevenWorker }, null, 2));
await Promise.all([here.close(), pool.close()]);
remove();
