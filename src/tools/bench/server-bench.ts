/**
 * Server start and throughput on each database the portal runs on: PGlite in a fresh data dir, and PostgreSQL in a
 * database of the bench's own when a server is reachable (bench-postgres.ts).
 *  - start: one first start (fresh data dir / empty database: the schema and seed made) and SERVER_BENCH.warmStarts
 *    starts on the existing data, each timed to the first 200 with the child's peak RSS (VmHWM) read before stopping;
 *  - load: the last warm start stays up beside a bare Hono server and the interleaved yardstick (yardstick.ts) runs on
 *    the authenticated GET /api/user-details/status and the unauthenticated GET /api/settings/investment-limits.
 * serverSection() and serverFailures() hold the goals of issue 14.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerBenchInvestor } from './bench-investor.ts';
import { freshPostgres, POSTGRES_UNREACHABLE } from './bench-postgres.ts';
import { LOAD } from './load.ts';
import { median, ms, table } from './markdown.ts';
import { portalCommand, READY_PATH, spawnBareHono, spawnPortal, type SpawnedServer } from './spawn-server.ts';
import { interleavedLoad, summarise, type YardstickRow } from './yardstick.ts';

export type Database = 'PGlite' | 'PostgreSQL';

export const SERVER_BENCH = {
  warmStarts: 3,
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  connections: [10, 50] as const,
  warmUpSeconds: Math.min(2, LOAD.durationSeconds),
};

const MB = 2 ** 20;
export const SERVER_GOALS = {
  warmMs: { PGlite: 1000, PostgreSQL: 400 } satisfies Record<Database, number>,
  freshMs: 2000,
  /** "Well under 900 MB" (a fresh PGlite data dir's initdb peak) made a number: two thirds of it. */
  freshPeakRssBytes: 600 * MB,
  /** Authenticated status call: median ratio to bare Hono at every connection count. */
  ratio: { PGlite: 0.1, PostgreSQL: 0.2 } satisfies Record<Database, number>,
  p99Ms: 20,
  p99AtConnections: 50,
};

const STATUS = 'GET /api/user-details/status (authenticated)';
const LIMITS = `GET ${READY_PATH} (no session)`;

export interface StartFigure {
  readyMs: number;
  peakRssBytes: number | null;
}

export interface DatabaseResult {
  database: Database;
  fresh: StartFigure;
  warm: StartFigure[];
  /** Peak RSS of the last warm start, read after its load runs. */
  peakRssAfterLoadBytes: number | null;
  rows: YardstickRow[];
}

export interface ServerResult {
  command: string;
  databases: DatabaseResult[];
  skipped: string[];
}

const log = (line: string) => console.log(`[bench] ${line}`);

function started(server: SpawnedServer): StartFigure {
  return { readyMs: server.readyMs, peakRssBytes: server.peakRssBytes() };
}

async function measureDatabase(root: string, database: Database, dataDir: string, env: Record<string, string>): Promise<DatabaseResult> {
  log(`${database}: first start (fresh ${database === 'PGlite' ? 'data dir' : 'database'})`);
  const first = await spawnPortal(root, dataDir, 120_000, env);
  const fresh = started(first);
  await first.stop();
  const warm: StartFigure[] = [];
  let portal: SpawnedServer | undefined;
  for (let i = 1; i <= SERVER_BENCH.warmStarts; i++) {
    log(`${database}: warm start ${i}/${SERVER_BENCH.warmStarts}`);
    portal = await spawnPortal(root, dataDir, 120_000, env);
    warm.push(started(portal));
    if (i < SERVER_BENCH.warmStarts) await portal.stop();
  }
  const running = portal!;
  const bare = await spawnBareHono(root);
  try {
    const token = await registerBenchInvestor(running.url, dataDir);
    const headers = { authorization: `Bearer ${token}` };
    const statusUrl = `${running.url}/api/user-details/status`;
    const probe = await fetch(statusUrl, { headers });
    if (probe.status !== 200) throw new Error(`GET /api/user-details/status answered ${probe.status}`);
    const rows = await interleavedLoad(
      `${bare.url}/ping`,
      [
        { label: STATUS, url: statusUrl, headers },
        { label: LIMITS, url: running.url + READY_PATH },
      ],
      { connections: SERVER_BENCH.connections, rounds: SERVER_BENCH.rounds, durationSeconds: LOAD.durationSeconds, warmUpSeconds: SERVER_BENCH.warmUpSeconds, log: (line) => log(`${database}: ${line}`) },
    );
    return { database, fresh, warm, peakRssAfterLoadBytes: running.peakRssBytes(), rows };
  } catch (error) {
    console.error(`[bench] portal output:\n${running.output()}`);
    throw error;
  } finally {
    await bare.stop();
    await running.stop();
  }
}

export async function measureServer(root: string): Promise<ServerResult> {
  const command = portalCommand(root).description;
  log(`portal started as ${command}`);
  const databases: DatabaseResult[] = [];
  const skipped: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-server-'));
  try {
    databases.push(await measureDatabase(root, 'PGlite', dataDir, {}));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await freshPostgres();
  if (!postgres) {
    skipped.push(`PostgreSQL not measured: ${POSTGRES_UNREACHABLE}`);
    return { command, databases, skipped };
  }
  // Uploads and the mail outbox still live in DATA_DIR with PostgreSQL.
  const pgDataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-server-pg-'));
  try {
    databases.push(await measureDatabase(root, 'PostgreSQL', pgDataDir, { DATABASE_URL: postgres.url }));
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
    await postgres.drop();
  }
  return { command, databases, skipped };
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MB).toFixed(0)} MB`);
const ratio = (value: number) => `${value.toFixed(3)}x`;
const warmMedian = (d: DatabaseResult) => median(d.warm.map((w) => w.readyMs));
const peakOf = (figures: StartFigure[]) => (figures.some((f) => f.peakRssBytes !== null) ? Math.max(...figures.map((f) => f.peakRssBytes ?? 0)) : null);

export function serverFailures(result: ServerResult): string[] {
  const failures: string[] = [];
  for (const d of result.databases) {
    if (d.fresh.readyMs > SERVER_GOALS.freshMs) failures.push(`${d.database}: first start (fresh) took ${ms(d.fresh.readyMs)} (goal <= ${ms(SERVER_GOALS.freshMs)})`);
    if (d.fresh.peakRssBytes !== null && d.fresh.peakRssBytes > SERVER_GOALS.freshPeakRssBytes) {
      failures.push(`${d.database}: first start (fresh) peaked at ${mb(d.fresh.peakRssBytes)} RSS (goal <= ${mb(SERVER_GOALS.freshPeakRssBytes)}, well under 900 MB)`);
    }
    if (warmMedian(d) > SERVER_GOALS.warmMs[d.database]) failures.push(`${d.database}: warm start took ${ms(warmMedian(d))} (median; goal <= ${ms(SERVER_GOALS.warmMs[d.database])})`);
    for (const row of d.rows) {
      const s = summarise(row);
      const where = `${d.database} ${row.endpoint} at ${row.connections} connections`;
      if (s.non2xx || s.errors) failures.push(`${where}: ${s.non2xx} non-2xx, ${s.errors} errors/timeouts`);
      if (s.bareFailures) failures.push(`${where}: the bare Hono runs beside it had ${s.bareFailures} non-2xx/errors`);
      if (row.endpoint !== STATUS) continue;
      if (s.ratioMedian < SERVER_GOALS.ratio[d.database]) failures.push(`${where}: ${ratio(s.ratioMedian)} bare Hono (median of ${s.ratios.length} rounds; goal >= ${ratio(SERVER_GOALS.ratio[d.database])})`);
      if (row.connections === SERVER_GOALS.p99AtConnections && s.p99Ms > SERVER_GOALS.p99Ms) failures.push(`${where}: p99 ${s.p99Ms} ms (median of ${s.ratios.length} rounds; goal <= ${SERVER_GOALS.p99Ms} ms)`);
    }
  }
  return failures;
}

const met = (ok: boolean) => (ok ? 'met' : '**NOT MET**');

export function serverSection(result: ServerResult): string {
  const startRows = result.databases.flatMap((d) => [
    [
      d.database,
      `first (fresh ${d.database === 'PGlite' ? 'data dir' : 'database, fresh data dir'})`,
      ms(d.fresh.readyMs),
      mb(d.fresh.peakRssBytes),
      `<= ${ms(SERVER_GOALS.freshMs)}, <= ${mb(SERVER_GOALS.freshPeakRssBytes)}: ${met(d.fresh.readyMs <= SERVER_GOALS.freshMs && (d.fresh.peakRssBytes ?? 0) <= SERVER_GOALS.freshPeakRssBytes)}`,
    ],
    [
      d.database,
      `warm (existing data; median of ${d.warm.length}: ${d.warm.map((w) => w.readyMs.toFixed(0)).join(', ')} ms)`,
      `**${ms(warmMedian(d))}**`,
      `${mb(peakOf(d.warm))} (${mb(d.peakRssAfterLoadBytes)} after the load runs)`,
      `<= ${ms(SERVER_GOALS.warmMs[d.database])}: ${met(warmMedian(d) <= SERVER_GOALS.warmMs[d.database])}`,
    ],
  ]);
  const loadRows = result.databases.flatMap((d) =>
    d.rows.map((row) => {
      const s = summarise(row);
      const goals: string[] = [];
      if (row.endpoint === STATUS) {
        goals.push(`>= ${ratio(SERVER_GOALS.ratio[d.database])}: ${met(s.ratioMedian >= SERVER_GOALS.ratio[d.database])}`);
        if (row.connections === SERVER_GOALS.p99AtConnections) goals.push(`p99 <= ${SERVER_GOALS.p99Ms} ms: ${met(s.p99Ms <= SERVER_GOALS.p99Ms)}`);
      }
      return [
        d.database,
        row.endpoint,
        String(row.connections),
        s.portalRps.toFixed(0),
        s.bareRps.toFixed(0),
        s.ratios.map(ratio).join(', '),
        `**${ratio(s.ratioMedian)}** (${ratio(s.ratioMin)}-${ratio(s.ratioMax)})`,
        `${s.p50Ms} ms`,
        `${s.p99Ms} ms (max ${s.p99MaxMs} ms)`,
        String(s.non2xx + s.errors),
        goals.join('; ') || '-',
      ];
    }),
  );
  return [
    `The portal started as ${result.command}, a child process with a free port on 127.0.0.1 (CRYPTO_PRICE_API_URL=off, no Stripe keys).`,
    'Start: from spawn to the first 200 on GET /api/settings/investment-limits (polled every 5 ms); peak RSS: VmHWM of the child',
    'read just before it was stopped.',
    '',
    table(['database', 'start', 'to first 200', 'peak RSS', 'goal'], startRows),
    '',
    `Load: autocannon on loopback (client and servers share the machine), ${LOAD.durationSeconds} s per run (BENCH_DURATION), ${SERVER_BENCH.rounds} rounds (BENCH_ROUNDS).`,
    'The portal (the last warm start above, one registered investor) and a bare Hono server (`GET /ping` on @hono/node-server)',
    `run side by side; after ${SERVER_BENCH.warmUpSeconds} s of uncounted warm-up on each, every round and connection count runs bare, status, bare, limits, bare,`,
    "and each portal run's ratio is its requests/s over the mean of the bare runs just before and after it. Requests/s, p50 and p99",
    'are medians over the rounds; the goals are judged on those medians.',
    '',
    table(['database', 'endpoint', 'connections', 'portal req/s', 'bare req/s', 'ratio each round', 'ratio median (min-max)', 'portal p50', 'portal p99', 'non-2xx/errors', 'goal'], loadRows),
    ...(result.skipped.length ? ['', ...result.skipped.map((s) => `${s}.`)] : []),
  ].join('\n');
}
