/**
 * The server as `npm start` runs it: bundled by src/tools/build-server.ts and started with plain `node` (no tsx).
 * Built here into a fresh folder inside node_modules/.cache (so its external packages resolve as from dist-server/),
 * with a template from the run's seeded tarball: a first start on an empty DATA_DIR loads it, answers, and stops
 * cleanly on SIGTERM; the sealing worker bundled beside it seals in its own thread; nothing in it needs tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegalPdf } from '../../src/server/pdf/legal-pdf.ts';
import type { SealReply, SealRequest, SealWorkerData } from '../../src/server/pdf/seal-worker.ts';
import { AGREEMENTS } from '../../src/server/seed/agreement-text/index.ts';
import { buildServer } from '../../src/tools/build-server.ts';
import { SEALED_AT, sampleRecord, testSealingKey } from '../unit/support/sealing-fixtures.ts';
import { drawSignaturePng, sampleSignature } from '../unit/support/signature-png.ts';
import { writeTestTemplate } from './support/pglite-template.ts';
import { freshTempDir } from './support/test-databases.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let out = '';

beforeAll(async () => {
  await mkdir(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  out = await mkdtemp(join(ROOT, 'node_modules', '.cache', 'g2g-bundle-test-'));
  await buildServer(ROOT, { outDir: out, template: false });
  await writeTestTemplate(out);
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

/** Starts `node <out>/main.mjs` on a free port; resolves with its URL once it logs that it listens. */
function startBundle(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env = { PATH: process.env.PATH ?? '', CRYPTO_PRICE_API_URL: 'off', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
  const child = spawn(process.execPath, [join(out, 'main.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(text)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}`, output: () => text });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the bundle exited (${code}) before listening:\n${text}`)));
  });
}

describe('the bundled server', () => {
  it('holds no tsx and no TypeScript import: plain node runs it', async () => {
    const files = (await readdir(out)).filter((f) => f.endsWith('.mjs'));
    expect(files).toContain('main.mjs');
    expect(files).toContain('seal-worker-entry.mjs');
    for (const file of files) {
      const code = await readFile(join(out, file), 'utf8');
      expect(code, file).not.toMatch(/(from |import\()["'](tsx|[^"']+\.ts["'])/);
    }
    expect((await readdir(join(out, 'migrations'))).filter((f) => f.endsWith('.sql')).length).toBeGreaterThan(0);
  });

  it('starts on an empty DATA_DIR from the template, answers, and stops cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const temp = await freshTempDir();
    try {
      const { child, url, output } = await startBundle(join(temp.root, 'data'));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const limits = await fetch(`${url}/api/settings/investment-limits`);
        expect(limits.status).toBe(200);
        expect(await limits.json()).toMatchObject({ minInvestment: expect.any(Number) });
        expect(output()).toContain('PGlite data dir made from the build-time template (migrated and seeded)');
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    } finally {
      await temp.remove();
    }
  });

  it('seals an agreement in its bundled worker thread', { timeout: 90_000 }, async () => {
    const { key, remove } = await testSealingKey();
    const agreement = AGREEMENTS[0]!;
    const input = {
      presentedPdf: await createLegalPdf(agreement.document),
      fields: agreement.signature,
      record: sampleRecord(agreement),
      signaturePng: drawSignaturePng(sampleSignature(), { scale: 2 }),
      sealedAt: SEALED_AT,
    };
    const workerData: SealWorkerData = { material: key.material, source: key.source, contact: 'test' };
    const worker = new Worker(join(out, 'seal-worker-entry.mjs'), { workerData });
    try {
      const reply = await new Promise<SealReply>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, work: { kind: 'agreement', input } } satisfies SealRequest);
      });
      expect(reply.ok && 'stamped' in reply.result ? reply.result.stamped : reply).toEqual({ signature: true, date: true });
      if (reply.ok) expect(new TextDecoder().decode(reply.result.pdf.slice(0, 5))).toBe('%PDF-');
    } finally {
      await worker.terminate();
      remove();
    }
  });
});
