/**
 * Sealing (issue 12), two measurements:
 *  (a) stamping + sealing one signed agreement through the sealer as the server runs it (SEALING_WORKERS=1, one
 *      worker thread; the self-signed RSA-2048 key): median ms per document over the seven agreements, and the
 *      seven at once (as one investor's completion queues them);
 *  (b) whether sealing holds up other requests: ten investors' seven signatures each (70 documents, with the
 *      completion's 70 seal-agreement jobs, due SEAL_DELAY_MS later) are written while the portal is stopped; the
 *      portal is started again, warmed up, and GET /api/user-details/status loaded with autocannon while it is idle,
 *      then with the same load again as soon as the first document is listed, while its job
 *      runner seals the rest. The p99 under sealing must stay within 2x the idle p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { DocumentsResponse } from '../../shared/documents.ts';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../server/db/open-database.ts';
import { jobs } from '../../server/db/schema/index.ts';
import { createMemoryLog } from '../../server/log.ts';
import { createAgreementSealer } from '../../server/pdf/agreement-sealer.ts';
import { createLegalPdf } from '../../server/pdf/legal-pdf.ts';
import type { SealAgreementInput } from '../../server/pdf/seal-agreement.ts';
import { loadOrCreateSelfSignedSealingKey } from '../../server/providers/sealing/self-signed-sealing-key.ts';
import { AGREEMENTS } from '../../server/seed/agreement-text/index.ts';
import { drawnSignaturePng, signAgreements } from '../../../test/api/support/signed-agreements-fixture.ts';
import { sampleRecord } from '../../../test/unit/support/sealing-fixtures.ts';
import { registerInvestor } from './bench-investor.ts';
import { LOAD, measureLoad, type LoadResult } from './load.ts';
import { median, ms, table } from './markdown.ts';
import { spawnPortal } from './spawn-server.ts';

/**
 * `loadSeconds`: each of the two loads, shorter than the 70 documents take to seal (about 5 s here), so that the
 * load under sealing has sealing under it from start to end.
 */
export const SEALING_BENCH = { investors: 10, runsPerAgreement: 3, sevenRuns: 3, loadSeconds: 3, warmUpSeconds: 2 };
/** When the jobs become due after they are written: room for the restart, the warm-up and the idle load before them. */
const SEAL_DELAY_MS = 4_000 + (SEALING_BENCH.warmUpSeconds + SEALING_BENCH.loadSeconds) * 1000;

export type SealingResult = {
  perDocumentMs: number;
  perAgreementMs: Record<string, number>;
  sevenMs: number[];
  idle: LoadResult;
  sealing: LoadResult;
  /** Documents sealed when the load under sealing ended, of the total. */
  sealedAtLoadEnd: number;
  documents: number;
  /** From the first document listed to all of them. */
  allSealedMs: number;
};

async function sealerFigures(): Promise<Pick<SealingResult, 'perDocumentMs' | 'perAgreementMs' | 'sevenMs'>> {
  const dir = mkdtempSync(join(tmpdir(), 'g2g-bench-seal-'));
  const key = await loadOrCreateSelfSignedSealingKey({ dataDir: dir, now: new Date(), log: createMemoryLog() });
  const sealer = createAgreementSealer({ key, workers: 1, contact: 'bench', log: createMemoryLog() });
  try {
    const signaturePng = drawnSignaturePng();
    const inputs: SealAgreementInput[] = await Promise.all(
      AGREEMENTS.map(async (a) => ({ presentedPdf: await createLegalPdf(a.document), fields: a.signature, record: sampleRecord(a), signaturePng, sealedAt: new Date() })),
    );
    for (const input of inputs) await sealer.sealAgreement(input); // warm-up: the worker's start, the JIT
    const all: number[] = [];
    const perAgreementMs: Record<string, number> = {};
    for (const [i, input] of inputs.entries()) {
      const times: number[] = [];
      for (let run = 0; run < SEALING_BENCH.runsPerAgreement; run++) {
        const start = performance.now();
        await sealer.sealAgreement(input);
        times.push(performance.now() - start);
      }
      perAgreementMs[AGREEMENTS[i]!.key] = median(times);
      all.push(...times);
    }
    const sevenMs: number[] = [];
    for (let run = 0; run < SEALING_BENCH.sevenRuns; run++) {
      const start = performance.now();
      await Promise.all(inputs.map((input) => sealer.sealAgreement(input)));
      sevenMs.push(performance.now() - start);
    }
    return { perDocumentMs: median(all), perAgreementMs, sevenMs };
  } finally {
    await sealer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listed(url: string, tokens: string[]): Promise<number> {
  let total = 0;
  for (const token of tokens) {
    const res = await fetch(`${url}/api/downloads/list`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /api/downloads/list answered ${res.status}`);
    total += ((await res.json()) as DocumentsResponse).documents.length;
  }
  return total;
}

export async function measureSealing(root: string): Promise<SealingResult> {
  console.log('[bench] sealing: ms per document in the worker thread');
  const figures = await sealerFigures();
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-sealing-'));
  try {
    let portal = await spawnPortal(root, dataDir);
    const investors: { token: string; userId: string }[] = [];
    let statusToken: string;
    try {
      statusToken = (await registerInvestor(portal.url, dataDir, 'bench-status')).token;
      for (let i = 0; i < SEALING_BENCH.investors; i++) investors.push(await registerInvestor(portal.url, dataDir, `bench-sealing-${i}`));
    } finally {
      await portal.stop();
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const signatureIds: string[] = [];
      for (const investor of investors) signatureIds.push(...Object.values((await signAgreements(database.db, investor.userId, { now: new Date() })).signatureIds));
      const dueAt = new Date(Date.now() + SEAL_DELAY_MS);
      await database.db
        .update(jobs)
        .set({ runAt: dueAt })
        .where(inArray(jobs.dedupeKey, signatureIds.map((id) => `seal-agreement:${id}`)));
    } finally {
      await database.close();
    }
    const documents = investors.length * AGREEMENTS.length;

    console.log(`[bench] sealing: ${documents} documents queued; the idle load on GET /api/user-details/status first`);
    portal = await spawnPortal(root, dataDir);
    try {
      const statusUrl = `${portal.url}/api/user-details/status`;
      const headers = { authorization: `Bearer ${statusToken}` };
      const tokens = investors.map((i) => i.token);
      // A just-started process answers slower (JIT): warm it first, so that the idle figure is not inflated.
      await measureLoad('warm-up', statusUrl, headers, SEALING_BENCH.warmUpSeconds);
      const idle = await measureLoad('GET /api/user-details/status, idle', statusUrl, headers, SEALING_BENCH.loadSeconds);
      if ((await listed(portal.url, tokens)) > 0) throw new Error('sealing began before the idle load ended: raise SEAL_DELAY_MS');
      const waitFrom = performance.now();
      while ((await listed(portal.url, tokens)) === 0) {
        if (performance.now() - waitFrom > 60_000) throw new Error('sealing did not begin within a minute');
        await delay(20);
      }
      const firstAt = performance.now();
      console.log('[bench] sealing: the same load while the documents seal');
      const sealing = await measureLoad(`GET /api/user-details/status while ${documents} documents seal`, statusUrl, headers, SEALING_BENCH.loadSeconds);
      const sealedAtLoadEnd = await listed(portal.url, tokens);
      while ((await listed(portal.url, tokens)) < documents) {
        if (performance.now() - firstAt > 300_000) throw new Error('the documents were not sealed within 5 minutes');
        await delay(100);
      }
      const allSealedMs = performance.now() - firstAt;
      return { ...figures, idle, sealing, sealedAtLoadEnd, documents, allSealedMs };
    } catch (error) {
      console.error(`[bench] portal output:\n${portal.output()}`);
      throw error;
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The failed check, if any: the p99 under sealing above twice the idle one. */
export const sealingFailures = (r: SealingResult): string[] => [
  ...(r.sealing.p99Ms > 2 * r.idle.p99Ms ? [`p99 of GET /api/user-details/status while sealing (${r.sealing.p99Ms} ms) is above 2x its idle p99 (${r.idle.p99Ms} ms)`] : []),
  ...(r.sealedAtLoadEnd >= r.documents ? [`sealing finished before the load under sealing ended (${r.documents} of ${r.documents}): the comparison did not measure sealing throughout`] : []),
  ...[r.sealing, r.idle].filter((l) => l.non2xx || l.errors).map((l) => `${l.label}: ${l.non2xx} non-2xx, ${l.errors} errors/timeouts`),
];

export function sealingSection(r: SealingResult): string {
  const perAgreement = Object.entries(r.perAgreementMs)
    .map(([key, value]) => `${key} ${value.toFixed(0)}`)
    .join(', ');
  const figures = table(
    ['measure', 'value'],
    [
      ['one document, stamped + sealed in the worker (median of all runs)', `**${ms(r.perDocumentMs)}**`],
      [`median per agreement (${SEALING_BENCH.runsPerAgreement} runs each), ms`, perAgreement],
      [`seven at once (one investor's completion), ${SEALING_BENCH.sevenRuns} runs`, `**${ms(median(r.sevenMs))}** median (${r.sevenMs.map((v) => v.toFixed(0)).join(', ')})`],
      [`${r.documents} documents through the portal's job runner (first listed to all listed)`, ms(r.allSealedMs)],
    ],
  );
  const load = table(
    ['load', 'requests/s', 'p50', 'p99', 'requests', 'non-2xx', 'errors'],
    [r.idle, r.sealing].map((l) => [l.label, l.requestsPerSecond.toFixed(0), `${l.p50Ms} ms`, `${l.p99Ms} ms`, String(l.total), String(l.non2xx), String(l.errors)]),
  );
  const ratio = r.idle.p99Ms > 0 ? (r.sealing.p99Ms / r.idle.p99Ms).toFixed(2) : 'n/a';
  return [
    'Stamping and sealing run in one worker thread (SEALING_WORKERS=1, the default), with the self-signed RSA-2048 seal.',
    '',
    figures,
    '',
    `The same autocannon load (${LOAD.connections} connections, ${SEALING_BENCH.loadSeconds} s) on GET /api/user-details/status, first on the idle portal (after ${SEALING_BENCH.warmUpSeconds} s of the same load, not counted),`,
    `then from the first listed document while ${r.documents} documents of ${SEALING_BENCH.investors} investors seal (seven seal-agreement jobs each,`,
    'written while the portal was stopped and due after the idle load; the same warm process):',
    '',
    load,
    '',
    `Documents sealed when the load under sealing ended: ${r.sealedAtLoadEnd} of ${r.documents}. p99 while sealing / idle p99: **${ratio}** (must stay within 2: ${sealingFailures(r).length === 0 ? 'met' : '**NOT MET** in this run'}).`,
  ].join('\n');
}
