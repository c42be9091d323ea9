/**
 * `npm run bench -- --audit-only`: the audit chain's append under concurrent writers (issue 16), on a PostgreSQL
 * database of its own (bench-postgres.ts). AUDIT_BENCH.writers writers at once, each running AUDIT_BENCH.perWriter
 * transactions that record one event; one of them instead makes a typical state change (a row update) and records its
 * event, as the domain does. Every append locks the chain's head to commit, so writers queue on that one row: the
 * append latency (recordAuditEvent's call, lock wait included) and the transaction time show the queue. A single
 * writer first, for the uncontended figure. The chain is checked afterwards (verify-audit-chain.ts) and timed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/open-database.ts';
import type { Database } from '../../server/db/types.ts';
import { verifyAuditChain } from '../../server/domain/audit/verify-audit-chain.ts';
import { recordAuditEvent } from '../../server/domain/record-audit-event.ts';
import { freshPostgres, POSTGRES_UNREACHABLE } from './bench-postgres.ts';
import { table } from './markdown.ts';

export const AUDIT_BENCH = { writers: 20, perWriter: 50, single: 200 } as const;

type Figures = { transactions: number; wallMs: number; appendMs: number[]; txMs: number[]; errors: number };

export type AuditAppendResult =
  | { skipped: string }
  | { single: Figures; concurrent: Figures; typical: Figures; chain: { ok: boolean; checked: number; durationMs: number } };

const meta = { ip: '192.0.2.10', userAgent: 'audit-append bench' };

/** One transaction: an optional state change, then the event; times the append and the whole. */
async function oneTransaction(database: Database, writer: number, i: number, into: Figures, change: ((tx: Database['db']) => Promise<unknown>) | null) {
  const started = performance.now();
  try {
    await database.db.transaction(async (tx) => {
      if (change) await change(tx);
      const appendStarted = performance.now();
      await recordAuditEvent(tx, { userId: null, action: 'bench.audit.append', detail: { writer, i, note: 'ünïcødé ✓' }, meta, at: new Date() });
      into.appendMs.push(performance.now() - appendStarted);
    });
    into.txMs.push(performance.now() - started);
  } catch {
    into.errors += 1;
  }
}

const empty = (): Figures => ({ transactions: 0, wallMs: 0, appendMs: [], txMs: [], errors: 0 });

export async function measureAuditAppend(): Promise<AuditAppendResult> {
  const fresh = await freshPostgres();
  if (!fresh) return { skipped: POSTGRES_UNREACHABLE };
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: AUDIT_BENCH.writers + 1 });
  try {
    const single = empty();
    let started = performance.now();
    for (let i = 0; i < AUDIT_BENCH.single; i++) await oneTransaction(database, 0, i, single, null);
    single.wallMs = performance.now() - started;
    single.transactions = AUDIT_BENCH.single;

    // The typical writer's row: an investor whose details it updates in every transaction.
    const email = `bench.${randomUUID()}@example.com`;
    const inserted = (await database.db.execute(sql`insert into users (email) values (${email}) returning id`)) as unknown as { rows: { id: string }[] };
    const userId = inserted.rows[0]!.id;
    const change = (tx: Database['db']) => tx.execute(sql`update users set email = email where id = ${userId}::uuid`);

    const concurrent = empty();
    const typical = empty();
    started = performance.now();
    await Promise.all(
      Array.from({ length: AUDIT_BENCH.writers }, async (_, writer) => {
        for (let i = 0; i < AUDIT_BENCH.perWriter; i++) {
          if (writer === 0) await oneTransaction(database, writer, i, typical, change);
          else await oneTransaction(database, writer, i, concurrent, null);
        }
      }),
    );
    const wall = performance.now() - started;
    concurrent.wallMs = typical.wallMs = wall;
    concurrent.transactions = (AUDIT_BENCH.writers - 1) * AUDIT_BENCH.perWriter;
    typical.transactions = AUDIT_BENCH.perWriter;

    const report = await verifyAuditChain(database.db, () => new Date());
    return { single, concurrent, typical, chain: { ok: report.ok, checked: report.checked, durationMs: report.durationMs } };
  } finally {
    await database.close();
    await fresh.drop();
  }
}

const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms2 = (v: number) => `${v.toFixed(2)} ms`;

export function auditAppendFailures(result: AuditAppendResult): string[] {
  if ('skipped' in result) return [];
  const failures: string[] = [];
  for (const [name, f] of [['single writer', result.single], ['concurrent writers', result.concurrent], ['typical writer', result.typical]] as const) {
    if (f.errors > 0) failures.push(`audit append, ${name}: ${f.errors} transactions failed`);
  }
  if (!result.chain.ok) failures.push('audit append: the chain did not verify after the run');
  return failures;
}

export function auditAppendSection(result: AuditAppendResult): string {
  if ('skipped' in result) return `Skipped: ${result.skipped}.`;
  const row = (name: string, f: Figures, throughput: string) => [
    name,
    String(f.transactions),
    ms2(percentile(f.appendMs, 50)),
    ms2(percentile(f.appendMs, 99)),
    ms2(Math.max(...f.appendMs)),
    ms2(percentile(f.txMs, 50)),
    ms2(percentile(f.txMs, 99)),
    throughput,
  ];
  const all = result.concurrent.transactions + result.typical.transactions;
  return [
    `PostgreSQL, a database of the bench's own, pool of ${AUDIT_BENCH.writers + 1}. "append" is recordAuditEvent's call inside the transaction (waiting for the chain's head included); "transaction" is BEGIN to COMMIT.`,
    `Under ${AUDIT_BENCH.writers} concurrent writers, ${AUDIT_BENCH.writers - 1} record one event per transaction and one makes a state change (a row update) and records its event, ${AUDIT_BENCH.perWriter} transactions each.`,
    '',
    table(
      ['writers', 'transactions', 'append p50', 'append p99', 'append max', 'transaction p50', 'transaction p99', 'throughput'],
      [
        row('1 alone', result.single, `${((result.single.transactions / result.single.wallMs) * 1000).toFixed(0)} tx/s`),
        row(`${AUDIT_BENCH.writers - 1} concurrent (event only)`, result.concurrent, `${((all / result.concurrent.wallMs) * 1000).toFixed(0)} tx/s (all ${AUDIT_BENCH.writers})`),
        row('1 concurrent (change + event)', result.typical, ''),
      ],
    ),
    '',
    `Afterwards the chain of ${result.chain.checked} events verified ${result.chain.ok ? 'whole' : 'BROKEN'} in ${result.chain.durationMs.toFixed(0)} ms.`,
  ].join('\n');
}
