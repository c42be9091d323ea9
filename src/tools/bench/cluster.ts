/**
 * `npm run bench:cluster`: the production shape on one machine, without containers (issue 17). Debian's nginx
 * round-robins two portal instances on one PostgreSQL database and one S3-compatible bucket (s3rver); the API journey
 * of `--investors` investors (default 1,000), `--concurrency` at a time (100), runs through it while A is killed
 * (SIGKILL) at 30% and restarted, and B is drained (SIGTERM) at 60% and restarted. Then, asserted (exit 1 otherwise):
 * no journey lost; every signed agreement sealed exactly once with the shared key; every object in the bucket has its
 * stored_files row and every row its object (objects an instance wrote in the instant before its SIGKILL excepted,
 * counted, and left to the orphan sweep); no job failed; a token revoked on A refused by B at once; wrong codes over A
 * and B locking out at the combined count. Before it, throughput with one instance vs two (`--compare-investors`,
 * default 300). The report goes to stdout and docs/benchmarks.md ("Several instances").
 *
 *   npm run bench:cluster -- [--investors 1000] [--concurrency 100] [--compare-investors 300] [--skip-install]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from '../ensure-build.ts';
import { ensureNginx } from './cluster-nginx.ts';
import { runLoad, type LoadResult, type Milestone } from './cluster-load.ts';
import { clusterSection, writeSection, type ClusterFacts } from './cluster-report.ts';
import { compareBucket } from './cluster-s3.ts';
import { AGREEMENTS_PER_INVESTOR, checkSeals, storedNames, waitForJobs } from './cluster-seals.ts';
import { proveRevocation, proveSharedCounters } from './cluster-shared-state.ts';
import { Cleanup, startTopology, type Topology } from './cluster-topology.ts';
import { portalCommand, READY_PATH } from './spawn-server.ts';

type Options = { investors: number; concurrency: number; compareInvestors: number; skipInstall: boolean };

function parseArgs(argv: string[]): Options {
  const options: Options = { investors: 1000, concurrency: 100, compareInvestors: 300, skipInstall: false };
  const number = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number of at least 1 (got ${value ?? 'nothing'})`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--investors') options.investors = number(arg, argv[++i]);
    else if (arg === '--concurrency') options.concurrency = number(arg, argv[++i]);
    else if (arg === '--compare-investors') options.compareInvestors = number(arg, argv[++i]);
    else if (arg === '--skip-install') options.skipInstall = true;
    else throw new Error(`unknown argument ${arg} (flags: --investors N, --concurrency N, --compare-investors N, --skip-install)`);
  }
  // The revocation and lockout checks sign in as two of the main run's investors.
  if (options.investors < 2) throw new Error('--investors must be at least 2');
  return options;
}

/** Seal jobs (and mails) held by a killed instance come back after their 60 s lease; sealing 7,000 PDFs takes minutes. */
const JOBS_TIMEOUT_MS = 30 * 60_000;
/** Objects written this long before a SIGKILL may have lost their row with the process (see the bucket check). */
const KILL_WINDOW_MS = 30_000;

const log = (text: string) => console.log(`[cluster] ${new Date().toISOString().slice(11, 19)} ${text}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function nginxVersion(binary: string): string {
  // nginx -v prints on stderr.
  const result = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return `${result.stderr}${result.stdout}`.trim().replace(/^nginx version: /, '') || 'nginx';
}

async function load(t: Topology, tokenPrice: number, investors: number, concurrency: number, label: string, milestones: Milestone[] = []): Promise<LoadResult> {
  const runId = randomBytes(3).toString('hex');
  log(`${label}: ${investors} investors, ${concurrency} at a time (run ${runId})`);
  const result = await runLoad({ url: t.nginx.url, codes: t.mail, tokenPrice, investors, concurrency, runId, milestones });
  log(`${label}: ${result.completed}/${investors} completed in ${seconds(result.wallMs)}`);
  return Object.assign(result, { runId });
}

async function measure(root: string, options: Options, nginxBinary: string, cleanup: Cleanup, started: number): Promise<ClusterFacts> {
  const failures: string[] = [];
  const t = await startTopology(root, nginxBinary, cleanup);
  log(`A ${t.a.url} and B ${t.b.url} ready (${t.firstReadyMs.map(seconds).join(', ')}), nginx ${t.nginx.url}, s3rver ${t.s3.endpoint}, SMTP ${t.mail.url}`);
  const { tokenPrice } = (await (await fetch(t.nginx.url + READY_PATH)).json()) as { tokenPrice: number };
  const upstream = (...instances: (typeof t.a)[]) => instances.map((p) => ({ host: '127.0.0.1', port: p.port }));

  // One instance vs two: the same short journey through nginx, first with A alone (B stopped), then both.
  await t.nginx.reconfigure(upstream(t.a));
  await t.b.terminate();
  const single = await load(t, tokenPrice, options.compareInvestors, options.concurrency, 'one instance');
  await waitForJobs(t.db.url, JOBS_TIMEOUT_MS);
  await t.b.start();
  await t.nginx.reconfigure(upstream(t.a, t.b));
  const pair = await load(t, tokenPrice, options.compareInvestors, options.concurrency, 'two instances');
  await waitForJobs(t.db.url, JOBS_TIMEOUT_MS);

  // The main run, with a crash and a graceful restart in it.
  const kills: string[] = [];
  const killTimes: number[] = [];
  const milestones: Milestone[] = [
    {
      share: 0.3,
      label: 'SIGKILL A',
      async run() {
        killTimes.push(Date.now());
        const exit = await t.a.kill();
        const readyMs = await t.a.start();
        const text = `A killed with SIGKILL (exit signal ${exit.signal}), started again, ready in ${seconds(readyMs)}`;
        log(text);
        kills.push(text);
        return text;
      },
    },
    {
      share: 0.6,
      label: 'SIGTERM B',
      async run() {
        const exit = await t.b.terminate();
        if (exit.code !== 0) failures.push(`B exited with ${exit.code ?? exit.signal} after SIGTERM, expected 0 after its drain`);
        const readyMs = await t.b.start();
        const text = `B sent SIGTERM: drained and exited ${exit.code ?? exit.signal} in ${seconds(exit.ms)}, started again, ready in ${seconds(readyMs)}`;
        log(text);
        kills.push(text);
        return text;
      },
    },
  ];
  const main = (await load(t, tokenPrice, options.investors, options.concurrency, 'main run', milestones)) as LoadResult & { runId: string };
  for (const lost of main.lost.slice(0, 10)) failures.push(`journey lost: ${lost}`);
  if (main.completed < main.investors) failures.push(`${main.investors - main.completed} of ${main.investors} journeys lost`);
  for (const [name, run] of [['one-instance', single], ['two-instance', pair]] as const) {
    if (run.completed < run.investors) failures.push(`${name} run: ${run.investors - run.completed} journeys lost (${run.lost.slice(0, 3).join('; ')})`);
  }

  log('waiting for every sealing job');
  const jobs = await waitForJobs(t.db.url, JOBS_TIMEOUT_MS);
  if (jobs.failed > 0) failures.push(`${jobs.failed} jobs failed (given up)`);
  const seals = await checkSeals(t.db.url, `journey-${main.runId}-%`, main.completed);
  failures.push(...seals.problems);
  const everyone = single.completed + pair.completed + main.completed;
  if (seals.signedDocuments !== everyone * AGREEMENTS_PER_INVESTOR) failures.push(`${seals.signedDocuments} signed documents over the bench, expected ${everyone * AGREEMENTS_PER_INVESTOR}`);

  log('shared state: revocation and code-failure counters, asked of A and B directly');
  const revocation = await proveRevocation(t.a.url, t.b.url, `journey-${main.runId}-0@example.com`, t.mail).catch((error: Error) => {
    failures.push(`revocation: ${error.message}`);
    return `FAILED (${error.message})`;
  });
  const counters = await proveSharedCounters(t.a.url, t.b.url, `journey-${main.runId}-1@example.com`, t.mail).catch((error: Error) => {
    failures.push(`shared counters: ${error.message}`);
    return `FAILED (${error.message})`;
  });

  // After the checks (they upload nothing): the bucket against the rows.
  const bucket = compareBucket(await t.s3.listObjects(), await storedNames(t.db.url));
  const nearKill = (at: Date | null) => at !== null && killTimes.some((kill) => at.getTime() >= kill - KILL_WINDOW_MS && at.getTime() <= kill + 2_000);
  const unexplained = bucket.withoutRow.filter((o) => !nearKill(o.lastModified));
  if (bucket.withoutObject.length > 0) failures.push(`${bucket.withoutObject.length} stored_files rows without their object (e.g. ${bucket.withoutObject.slice(0, 3).join(', ')})`);
  if (unexplained.length > 0) failures.push(`${unexplained.length} objects without a row, not written near a SIGKILL (e.g. ${unexplained.slice(0, 3).map((o) => o.key).join(', ')})`);
  const killed = bucket.withoutRow.length - unexplained.length;
  const note =
    killed === 0
      ? 'The bucket and the table match exactly.'
      : `${killed} object(s) without a row were written in the ${KILL_WINDOW_MS / 1000} s before A's SIGKILL: bytes stored, the transaction that would name them died with the process; the orphan sweep removes such objects once an hour old. None otherwise.`;

  for (const instance of [t.a, t.b]) failures.push(...instance.unexpectedExits);
  if (failures.length > 0) {
    for (const instance of [t.a, t.b]) console.error(`[cluster] instance ${instance.name}: ${instance.running ? 'running' : 'NOT running'}, started ${instance.starts} times`);
    for (const line of [...t.a.errorLines(), ...t.b.errorLines()]) console.error(`[cluster] ${line}`);
    for (const sample of main.log.samples.slice(0, 5)) console.error(`[cluster] first failed calls: ${sample}`);
  }
  const mails = t.mail.deliveries();
  return {
    date: new Date().toISOString(),
    commit: gitCommit(root),
    portal: portalCommand(root).description,
    nginx: nginxVersion(nginxBinary),
    single,
    pair,
    main,
    kills,
    sealing: { jobs: jobs.sealJobs, runs: jobs.sealRuns, rerun: jobs.sealRerun, waitedMs: jobs.waitedMs, signedDocuments: seals.signedDocuments, sealedFiles: seals.sealedFiles, fingerprints: seals.fingerprints, investors: seals.investors },
    bucket: { objects: bucket.objects, rows: bucket.rows, withoutRow: bucket.withoutRow.length, withoutObject: bucket.withoutObject.length, note },
    revocation,
    counters,
    mails,
    wallMs: performance.now() - started,
    failures,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const root = process.cwd();
  const options = parseArgs(process.argv.slice(2));
  const cleanup = new Cleanup();
  const interrupted = (signal: NodeJS.Signals) => {
    log(`${signal}: cleaning up`);
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  process.once('exit', () => cleanup.killEverything());
  try {
    const nginxBinary = ensureNginx(options.skipInstall);
    ensureBuilt(root, '[cluster]');
    const facts = await measure(root, options, nginxBinary, cleanup, started);
    await cleanup.run();
    facts.wallMs = performance.now() - started;
    const text = clusterSection(facts);
    writeSection(join(root, 'docs', 'benchmarks.md'), text);
    console.log(`\n## Several instances\n\n${text}\n`);
    log('wrote docs/benchmarks.md ("Several instances")');
    if (facts.failures.length) {
      console.error(`[cluster] FAILED:\n${facts.failures.map((f) => `  ${f}`).join('\n')}`);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error('[cluster] failed:', error);
    process.exitCode = 1;
  } finally {
    await cleanup.run();
  }
}

await main();
