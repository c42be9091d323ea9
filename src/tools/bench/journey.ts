/**
 * The API journey under load (issue 14): N investors, C at a time, each making every call of the whole journey
 * (journey-investor.ts) against a spawned portal: PGlite in a fresh data dir, or PostgreSQL in a database of its own
 * created on the given server and dropped afterwards (never `test`). Two tiny disclosure sections with minimum reading
 * time 0 come in through CONTENT_DIR, the issuer's path. Reported per endpoint: calls, p50, p99, max, non-2xx.
 *
 *   node --import tsx src/tools/bench/journey.ts --investors 1000 --concurrency 100 [--postgres [url]]
 *
 * With --postgres and no url: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (only used to
 * create and drop the bench's own database). JOURNEY_SERVER_NODE_OPTIONS goes to the server as NODE_OPTIONS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under the load.
 */
import { freshPostgres, POSTGRES_SERVER } from './bench-postgres.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CallLog, JourneyStop, runJourney } from './journey-investor.ts';
import { OutboxCodes } from './journey-outbox.ts';
import { table } from './markdown.ts';
import { READY_PATH, spawnPortal } from './spawn-server.ts';

export type JourneyOptions = { databaseUrl?: string; investors: number; concurrency: number };
export type EndpointStats = { endpoint: string; calls: number; p50: number; p99: number; max: number; errors: number };
export type JourneyResult = {
  database: 'PGlite' | 'PostgreSQL';
  investors: number;
  concurrency: number;
  completed: number;
  wallMs: number;
  endpoints: EndpointStats[];
  /** First failures, for the report (status and the start of the answer). */
  samples: string[];
  /** Set when the run could not happen (e.g. no PostgreSQL server); nothing else is then meaningful. */
  skipped?: string;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Two one-page sections, 0 minutes of reading each: the journey measures the server, not a reading timer. */
export async function writeContentFolder(dir: string): Promise<void> {
  const sections = [];
  for (const [i, slug] of ['journey-terms', 'journey-risks'].entries()) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText(`Journey bench section ${i + 1}`, { x: 72, y: 760, size: 14, font });
    writeFileSync(join(dir, `${slug}.pdf`), await doc.save());
    sections.push({ slug, title: `Journey section ${i + 1}`, order: i + 1, minReadingTime: 0, file: `${slug}.pdf` });
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ sections }));
}

export async function measureJourney(root: string, options: JourneyOptions): Promise<JourneyResult> {
  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const base = { database, investors: options.investors, concurrency: options.concurrency, completed: 0, wallMs: 0, endpoints: [], samples: [] } as JourneyResult;
  const own = options.databaseUrl ? await freshPostgres(options.databaseUrl) : null;
  if (options.databaseUrl && !own) return { ...base, skipped: `no PostgreSQL server at ${options.databaseUrl}` };
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-journey-'));
  const contentDir = mkdtempSync(join(tmpdir(), 'g2g-journey-content-'));
  try {
    await writeContentFolder(contentDir);
    const env: Record<string, string> = { TRUST_PROXY: '1', CRYPTO_PRICE_API_URL: 'off', CONTENT_DIR: contentDir };
    if (own) env.DATABASE_URL = own.url;
    if (process.env.JOURNEY_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.JOURNEY_SERVER_NODE_OPTIONS;
    const portal = await spawnPortal(root, dataDir, 180_000, env);
    const outbox = new OutboxCodes(join(dataDir, 'outbox'));
    try {
      const { tokenPrice } = (await (await fetch(portal.url + READY_PATH)).json()) as { tokenPrice: number };
      const log = new CallLog();
      const runId = randomBytes(3).toString('hex');
      let next = 0;
      let completed = 0;
      const started = performance.now();
      const worker = async () => {
        for (let n = next++; n < options.investors; n = next++) {
          try {
            await runJourney({ baseUrl: portal.url, outbox, log, tokenPrice }, n, runId);
            completed++;
          } catch (error) {
            // A refused call is already in the log; anything else (no code mailed, a network error) is noted here.
            if (!(error instanceof JourneyStop) && log.samples.length < 10) log.samples.push(`investor ${n}: ${(error as Error).message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, options.investors) }, worker));
      const wallMs = performance.now() - started;
      const endpoints = [...log.latencies].map(([endpoint, values]): EndpointStats => {
        const sorted = [...values].sort((a, b) => a - b);
        return { endpoint, calls: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, errors: log.failures.get(endpoint) ?? 0 };
      });
      return { ...base, completed, wallMs, endpoints, samples: log.samples };
    } finally {
      outbox.stop();
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(contentDir, { recursive: true, force: true });
    await own?.drop();
  }
}

/** On PostgreSQL every call must stay within this p99 (issue 14). */
export const POSTGRES_P99_LIMIT_MS = 500;

/** What makes the bench exit 1: journeys not completed, non-2xx answers, PostgreSQL calls over the p99 limit. */
export function journeyFailures(results: JourneyResult[]): string[] {
  const failures: string[] = [];
  for (const r of results) {
    if (r.skipped) continue;
    if (r.completed < r.investors) failures.push(`${r.database} journey: ${r.investors - r.completed} of ${r.investors} investors did not complete`);
    for (const e of r.endpoints) {
      if (e.errors > 0) failures.push(`${r.database} ${e.endpoint}: ${e.errors} failed calls`);
      if (r.database === 'PostgreSQL' && e.p99 > POSTGRES_P99_LIMIT_MS) failures.push(`${r.database} ${e.endpoint}: p99 ${e.p99.toFixed(0)} ms > ${POSTGRES_P99_LIMIT_MS} ms`);
    }
  }
  return failures;
}

const ms1 = (value: number) => `${value.toFixed(1)} ms`;

export function journeySection(results: JourneyResult[]): string {
  const lines: string[] = [
    'Each investor makes every API call of the journey in the app\'s order: registration (the code read from the outbox) and verify, the status read each process page starts with, disclosure (two sections, minimum reading time 0: each PDF loaded, two saves each, complete), KYC (four 20 KB uploads, four saves, complete), the seven agreements (each PDF, each signing saved, the wallet save, complete) and a wire payment (status, bank details, initiate, process). Over HTTP on loopback to a spawned portal; latency from the bench\'s side.',
    '',
  ];
  for (const r of results) {
    if (r.skipped) {
      lines.push(`${r.database}: not measured (${r.skipped}).`, '');
      continue;
    }
    const calls = r.endpoints.reduce((a, e) => a + e.calls, 0);
    lines.push(
      `**${r.database}**: ${r.completed} of ${r.investors} journeys completed, ${r.concurrency} at a time, in ${(r.wallMs / 1000).toFixed(1)} s (${calls} calls, ${(calls / (r.wallMs / 1000)).toFixed(0)} calls/s).`,
      '',
      table(
        ['endpoint', 'calls', 'p50', 'p99', 'max', 'errors / non-2xx'],
        [...r.endpoints].sort((a, b) => b.p99 - a.p99).map((e) => [e.endpoint, String(e.calls), ms1(e.p50), ms1(e.p99), ms1(e.max), String(e.errors)]),
      ),
      ...(r.samples.length ? ['', `First failures: ${r.samples.map((s) => `\`${s.replace(/`/g, "'")}\``).join('; ')}`] : []),
      '',
    );
  }
  return lines.join('\n');
}

function parseArgs(argv: string[]): JourneyOptions {
  const options: JourneyOptions = { investors: 1000, concurrency: 100 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--investors') options.investors = Number(argv[++i]);
    else if (arg === '--concurrency') options.concurrency = Number(argv[++i]);
    else if (arg === '--postgres') options.databaseUrl = argv[i + 1] && !argv[i + 1]!.startsWith('--') ? argv[++i] : POSTGRES_SERVER;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!(options.investors > 0 && options.concurrency > 0)) throw new Error('--investors and --concurrency must be positive numbers');
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = parseArgs(process.argv.slice(2));
  const result = await measureJourney(process.cwd(), options);
  console.log(journeySection([result]));
  const failures = journeyFailures([result]);
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exitCode = failures.length ? 1 : 0;
}
