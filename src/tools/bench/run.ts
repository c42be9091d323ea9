/**
 * `npm run bench`: a benchmark, not a test. Measures on this machine
 *  (a) the JavaScript a first visit to /auth/login loads (bytes and gzip bytes; pdf.js must not be among it),
 *  (b) server start to the first 200 on /api/settings/investment-limits: first start (fresh data dir:
 *      initdb, migrate, seed) and second start (existing data),
 *  (c) requests/s and p99 latency of the authenticated GET /api/user-details/status beside a bare Hono
 *      endpoint, with the same bounded autocannon load on loopback,
 *  (d) time from the click that opens a 20-page disclosure section to its first page painted by the document
 *      viewer, cold (new browser context) and warm,
 *  (e) the JavaScript only a shown viewer loads (its lazy chunks, pdf.js and the pdf.js worker), bytes and gzip,
 *  (f) sealing: ms per signed agreement and for seven, and the status call's p99 while ten investors' documents
 *      seal against its idle p99 (sealing.ts),
 *  (g) payment: the payment page's JavaScript, that Stripe.js loads only once card is chosen with Stripe keys, and the
 *      latency per call of card payments on PGlite and PostgreSQL (payment.ts),
 * prints a table and writes docs/benchmarks.md. `npm run bench -- --sealing-only` runs (f) alone and replaces only
 * the Sealing section of docs/benchmarks.md; `--payment-only` does the same for (g) and its Payment section. Exits 1 if pdf.js loads on the login route, a viewer chunk loads
 * before a viewer is shown, a load run saw errors or non-2xx answers, or the p99 under sealing passed 2x the idle one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerBenchInvestor } from './bench-investor.ts';
import { measureFirstPdfPage, PDF_BENCH, type FirstPdfPageResult } from './disclosure-pdf.ts';
import { snapshotBuild } from './build-snapshot.ts';
import { ensureBuilt } from '../ensure-build.ts';
import { LOAD, measureLoad, type LoadResult } from './load.ts';
import { measureLoginScripts, type ScriptLoad } from './login-js.ts';
import { kb, ms, table } from './markdown.ts';
import { measurePayment, paymentFailures, paymentSection, type PaymentResult } from './payment.ts';
import { measureSealing, sealingFailures, sealingSection, type SealingResult } from './sealing.ts';
import { spawnBareHono, spawnPortal } from './spawn-server.ts';
import { firstPageSection, lazyChunkRows, lazyChunkSection, viewerFailures } from './viewer-report.ts';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const loadAverage = () => loadavg()[0]!.toFixed(2);

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  ensureBuilt(root, '[bench]');
  const loadAtStart = loadAverage();
  const build = snapshotBuild(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-data-'));
  let scripts: ScriptLoad[] = [];
  let chromiumVersion = '';
  let firstStartMs = 0;
  let secondStartMs = 0;
  const loads: LoadResult[] = [];
  let firstPdfPage: FirstPdfPageResult;
  let sealing: SealingResult;
  let payment: PaymentResult;
  try {
    console.log('[bench] first start (fresh data dir)');
    const first = await spawnPortal(root, dataDir);
    firstStartMs = first.readyMs;
    await first.stop();
    console.log('[bench] second start (existing data)');
    const portal = await spawnPortal(root, dataDir);
    secondStartMs = portal.readyMs;
    try {
      console.log('[bench] /auth/login in Chromium');
      ({ scripts, chromium: chromiumVersion } = await measureLoginScripts(portal.url));
      const token = await registerBenchInvestor(portal.url, dataDir);
      const statusUrl = `${portal.url}/api/user-details/status`;
      const headers = { authorization: `Bearer ${token}` };
      const probe = await fetch(statusUrl, { headers });
      if (probe.status !== 200) throw new Error(`GET /api/user-details/status answered ${probe.status}`);
      console.log(`[bench] load on ${statusUrl} (${LOAD.connections} connections, ${LOAD.durationSeconds} s)`);
      loads.push(await measureLoad('GET /api/user-details/status (portal, authenticated)', statusUrl, headers));
    } catch (error) {
      console.error(`[bench] portal output:\n${portal.output()}`);
      throw error;
    } finally {
      await portal.stop();
    }
    const bare = await spawnBareHono(root);
    try {
      console.log(`[bench] load on ${bare.url}/ping`);
      loads.push(await measureLoad('GET /ping (bare Hono)', `${bare.url}/ping`));
    } finally {
      await bare.stop();
    }
    console.log(`[bench] first rendered page of a ${PDF_BENCH.pages}-page disclosure PDF in Chromium (${PDF_BENCH.runs} runs)`);
    firstPdfPage = await measureFirstPdfPage(build.dir);
    sealing = await measureSealing(root);
    console.log('[bench] payment page scripts and card payment calls');
    payment = await measurePayment(root);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    build.remove();
  }

  const loadAtEnd = loadAverage();
  const pdfjs = scripts.filter((s) => s.pdfjs);
  const loginPaths = scripts.map((s) => s.path);
  const chunkRows = lazyChunkRows(firstPdfPage, loginPaths);
  const failures = [
    ...pdfjs.map((s) => `pdf.js loaded on /auth/login: ${s.path} (${s.pdfjs})`),
    ...viewerFailures(chunkRows, firstPdfPage),
    ...loads.filter((l) => l.non2xx || l.errors).map((l) => `${l.label}: ${l.non2xx} non-2xx, ${l.errors} errors/timeouts`),
    ...sealingFailures(sealing),
    ...paymentFailures(payment),
  ];
  const total = scripts.reduce((a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzipBytes }), { bytes: 0, gzip: 0 });
  const scriptTable = table(
    ['script', 'bytes', 'gzip', 'pdf.js'],
    [
      ...scripts.map((s) => [`\`${s.path}\``, kb(s.bytes), kb(s.gzipBytes), s.pdfjs ?? 'no']),
      [`**total (${scripts.length} files)**`, `**${kb(total.bytes)}**`, `**${kb(total.gzip)}**`, pdfjs.length ? '**YES**' : 'no'],
    ],
  );
  const startTable = table(
    ['start', 'to first 200 on GET /api/settings/investment-limits'],
    [
      ['first (fresh data dir: initdb, migrate, seed)', ms(firstStartMs)],
      ['second (existing data)', ms(secondStartMs)],
    ],
  );
  const loadTable = table(
    ['endpoint', 'requests/s', 'p50', 'p99', 'requests', 'non-2xx', 'errors'],
    loads.map((l) => [l.label, l.requestsPerSecond.toFixed(0), `${l.p50Ms} ms`, `${l.p99Ms} ms`, String(l.total), String(l.non2xx), String(l.errors)]),
  );
  const pdfSection = firstPageSection(firstPdfPage);
  const chunkSection = lazyChunkSection(chunkRows, firstPdfPage, loginPaths);
  const cpu = cpus();
  const facts = [
    `- date: ${new Date().toISOString()}`,
    `- commit: ${gitCommit()}`,
    `- node ${process.version}, ${platform()} ${release()}`,
    `- ${cpu.length} CPU(s): ${cpu[0]?.model.trim() ?? 'unknown'}; ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; load average (1 min) ${loadAtStart} at the start, ${loadAtEnd} at the end (other work on the machine shows here)`,
    `- Chromium ${chromiumVersion}; database: embedded PGlite (no DATABASE_URL)`,
    `- load: autocannon, ${LOAD.connections} connections, ${LOAD.durationSeconds} s per endpoint, loopback; client and server share the machine`,
  ].join('\n');
  const markdown = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (src/tools/bench/run.ts); figures from one run on the machine below. A benchmark, not a test:',
    'compare runs on the same machine only.',
    '',
    facts,
    '',
    '## JavaScript loaded by a first visit to /auth/login',
    '',
    scriptTable,
    '',
    '## Server start',
    '',
    startTable,
    '',
    '## Throughput and latency',
    '',
    loadTable,
    '',
    '## Time to first rendered PDF page (disclosure viewer)',
    '',
    pdfSection,
    '',
    '## Lazy viewer chunk size',
    '',
    chunkSection,
    '',
    '## Sealing',
    '',
    sealingSection(sealing),
    '',
    '## Payment',
    '',
    paymentSection(payment),
    '',
    ...(failures.length ? ['## Failed checks', '', ...failures.map((f) => `- ${f}`), ''] : []),
  ].join('\n');
  writeFileSync(join(root, 'docs', 'benchmarks.md'), markdown);
  console.log(`\n${facts}\n\n${scriptTable}\n\n${startTable}\n\n${loadTable}\n\n${pdfSection}\n\n${chunkSection}\n\n${sealingSection(sealing)}\n\n${paymentSection(payment)}\n`);
  console.log('[bench] wrote docs/benchmarks.md');
  if (failures.length) {
    console.error(`[bench] FAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/** One measurement alone: its section of docs/benchmarks.md replaced (or added before any failed checks), the rest kept. */
async function sectionOnly<R>(heading: string, flag: string, measure: () => Promise<R>, section: (result: R) => string, failuresOf: (result: R) => string[]) {
  const loadAtStart = loadAverage();
  const result = await measure();
  const text = [
    `## ${heading}`,
    '',
    `Measured alone (\`npm run bench -- ${flag}\`) on ${new Date().toISOString()}, commit ${gitCommit()}, load average ${loadAtStart} at the start and ${loadAverage()} at the end.`,
    '',
    section(result),
    '',
  ].join('\n');
  const file = join(root, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(`\n## ${heading}\n`);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + 1);
  const failed = current.indexOf('\n## Failed checks\n');
  const updated =
    start !== -1
      ? `${current.slice(0, start + 1)}${text}${next === -1 ? '' : current.slice(next + 1)}`
      : failed !== -1
        ? `${current.slice(0, failed + 1)}${text}\n${current.slice(failed + 1)}`
        : `${current.trimEnd()}\n\n${text}`;
  writeFileSync(file, updated);
  console.log(`\n${text}`);
  const failures = failuresOf(result);
  if (failures.length) {
    console.error(`[bench] FAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

function chosenRun(): Promise<void> {
  if (process.argv.includes('--sealing-only')) return sectionOnly('Sealing', '--sealing-only', () => measureSealing(root), sealingSection, sealingFailures);
  if (process.argv.includes('--payment-only')) {
    ensureBuilt(root, '[bench]');
    return sectionOnly('Payment', '--payment-only', () => measurePayment(root), paymentSection, paymentFailures);
  }
  return main();
}

chosenRun().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
});
