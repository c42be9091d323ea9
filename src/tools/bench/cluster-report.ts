/**
 * The cluster bench's report: markdown for stdout and for docs/benchmarks.md's "Several instances" section (that
 * section replaced, the rest of the file kept, as `npm run bench -- --<part>-only` does for its sections).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { callStats, totalCalls, type LoadResult } from './cluster-load.ts';
import { table } from './markdown.ts';

export const SECTION = 'Several instances';

export type ClusterFacts = {
  date: string;
  commit: string;
  portal: string;
  nginx: string;
  single: LoadResult;
  pair: LoadResult;
  main: LoadResult;
  kills: string[];
  sealing: { jobs: number; runs: number; rerun: number; waitedMs: number; signedDocuments: number; sealedFiles: number; fingerprints: number; investors: number };
  bucket: { objects: number; rows: number; withoutRow: number; withoutObject: number; note: string };
  revocation: string;
  counters: string;
  mails: { sent: number; codeMails: number; duplicates: number };
  wallMs: number;
  failures: string[];
};

const rate = (r: LoadResult) => totalCalls(r.log) / (r.wallMs / 1000);
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

export function clusterSection(f: ClusterFacts): string {
  const ratio = rate(f.pair) / rate(f.single);
  const mainStats = callStats(f.main.log).sort((a, b) => b.p99 - a.p99);
  const retried = mainStats.reduce((sum, s) => sum + s.retried, 0);
  const lines = [
    `Run by \`npm run bench:cluster\` (src/tools/bench/cluster.ts) on ${f.date}, commit ${f.commit}, ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(2)} at the end; portal ${f.portal}; ${f.nginx}.`,
    '',
    'Topology: nginx (round robin, `proxy_next_upstream error timeout http_502 http_503`, POSTs never re-sent by nginx) in front of two portal instances A and B (same JWT_SECRET, same sealing PKCS#12, LOG_FORMAT=json, TRUST_PROXY=1, own DATA_DIR each), one PostgreSQL database of the bench\'s own, s3rver as the bucket (STORAGE=s3), one SMTP sink both instances mail to. The journey is journey-investor.ts\'s, with the client\'s single retry of idempotent calls on (see RetryKind there).',
    '',
    `**Main run**: ${f.main.completed} of ${f.main.investors} journeys completed (lost: ${f.main.investors - f.main.completed}), ${f.main.concurrency} at a time, in ${(f.main.wallMs / 1000).toFixed(1)} s (${totalCalls(f.main.log)} calls, ${rate(f.main).toFixed(0)} calls/s), while:`,
    '',
    ...f.kills.map((k) => `- ${k}`),
    '',
    `Calls sent a second time by the client: ${retried} (${mainStats.filter((s) => s.retried > 0).map((s) => `${s.endpoint} ${s.retried}`).join(', ') || 'none'}).`,
    '',
    `**Sealing**: ${f.sealing.investors} investors, ${f.sealing.signedDocuments} signed documents, ${f.sealing.sealedFiles} sealed stored files, ${f.sealing.fingerprints} seal certificate; ${f.sealing.jobs} seal jobs over the whole bench took ${f.sealing.runs} runs (${f.sealing.rerun} run again after a kill or a drain), all done ${(f.sealing.waitedMs / 1000).toFixed(1)} s after the main run's last journey; no job failed.`,
    '',
    `**Bucket against rows**: ${f.bucket.objects} objects, ${f.bucket.rows} stored_files rows; objects without a row: ${f.bucket.withoutRow}, rows without an object: ${f.bucket.withoutObject}. ${f.bucket.note}`,
    '',
    `**Shared state** (instances asked directly): revocation: ${f.revocation}. Code failures: ${f.counters}.`,
    '',
    `**Mail**: ${f.mails.sent} mails received by the SMTP sink from both instances, ${f.mails.codeMails} of them login codes; code mails delivered twice: ${f.mails.duplicates} (a mail job run again because its runner died after sending and before marking it done: at-least-once delivery).`,
    '',
    `**One instance vs two** (${f.single.investors} investors, ${f.single.concurrency} at a time, through nginx; one: nginx's upstream is A alone and B is stopped):`,
    '',
    table(
      ['instances', 'journeys completed', 'wall', 'calls', 'calls/s'],
      [
        ['1', `${f.single.completed}/${f.single.investors}`, `${(f.single.wallMs / 1000).toFixed(1)} s`, String(totalCalls(f.single.log)), rate(f.single).toFixed(0)],
        ['2', `${f.pair.completed}/${f.pair.investors}`, `${(f.pair.wallMs / 1000).toFixed(1)} s`, String(totalCalls(f.pair.log)), rate(f.pair).toFixed(0)],
      ],
    ),
    '',
    `Ratio two / one: **${ratio.toFixed(2)}**. ${ratioExplanation(f.single.concurrency)}`,
    '',
    '**Main run, per call** (latency from the client through nginx, including a retried call\'s second try):',
    '',
    table(
      ['endpoint', 'calls', 'p50', 'p99', 'max', 'failed', 'retried'],
      mainStats.map((s) => [s.endpoint, String(s.calls), ms1(s.p50), ms1(s.p99), ms1(s.max), String(s.errors), String(s.retried)]),
    ),
    '',
    `Bench wall time (build check, setup, the three runs, sealing, checks, cleanup): ${(f.wallMs / 1000).toFixed(0)} s.`,
  ];
  if (f.failures.length) lines.push('', '**FAILED**:', ...f.failures.map((x) => `- ${x}`));
  return lines.join('\n');
}

function ratioExplanation(clients: number): string {
  const cores = cpus().length;
  if (cores > 2) return `On ${cores} cores.`;
  return (
    `This machine has ${cores} cores for everything: both instances, PostgreSQL, s3rver, nginx, the SMTP sink and the bench's ${clients} clients (and other work). ` +
    'A second instance adds no CPU here, only a second event loop, so a ratio near 1 is what to expect; what the second instance buys on this machine is availability ' +
    '(the kills above), not throughput. On separate machines each instance brings its own cores, and PostgreSQL (not the portal) is the shared part that bounds the gain.'
  );
}

/** Replaces (or appends) the section in docs/benchmarks.md. */
export function writeSection(file: string, text: string): void {
  const current = readFileSync(file, 'utf8');
  const block = `## ${SECTION}\n\n${text}\n`;
  const start = current.indexOf(`\n## ${SECTION}\n`);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + 1);
  const failed = current.indexOf('\n## Failed checks\n');
  const updated =
    start !== -1
      ? `${current.slice(0, start + 1)}${block}${next === -1 ? '' : '\n' + current.slice(next + 1)}`
      : failed !== -1
        ? `${current.slice(0, failed + 1)}${block}\n${current.slice(failed + 1)}`
        : `${current.trimEnd()}\n\n${block}`;
  writeFileSync(file, updated);
}
