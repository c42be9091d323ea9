/**
 * The durable job queue (src/server/jobs/): a job exists exactly when its transaction committed; two runners on one
 * database never run one job; failures are retried with backoff by the injected clock and given up after
 * max_attempts (kept, payload cleared, never logged); a job whose runner died is run again after its lease; a woken
 * runner runs at once; close() waits for what is in flight. And a registration's mail really travels as a job.
 */
import { SCREENING_KINDS_UNUSED } from './support/screening-kinds-unused.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CodeChallenge } from '../../src/shared/auth.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/enqueue-job.ts';
import { JOB_POLICIES, backoffSeconds } from '../../src/server/jobs/job-kinds.ts';
import { createJobRunner, PermanentJobError, type JobHandlers, type JobRunner } from '../../src/server/jobs/job-runner.ts';
import { mailJobHandler } from '../../src/server/jobs/mail-job.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import type { MailMessage, Mailer } from '../../src/server/providers/mail/mailer.ts';
import { forEachDatabase, individualPayload, uniqueEmail } from './harness.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { freshPostgresDatabase } from './support/test-databases.ts';

/** These tests are about the runner, with mail as the kind: any other kind's job would be a test's mistake. */
const mailOnly = (mail: Mailer): JobHandlers => ({
  mail: mailJobHandler(mail),
  'seal-agreement': { parse: (payload) => payload, run: async () => { throw new PermanentJobError('not a mail job'); } }, ...SCREENING_KINDS_UNUSED,
});

const { jobs } = schema;
const message = (to = uniqueEmail('job')): MailMessage => ({ to, subject: 'Subject', text: `Your G2G investor portal code is 424242. For ${to}` });

/** A mailer that fails its first `failures` sends, then records. */
function flakyMailer(failures: number): Mailer & { sent: MailMessage[] } {
  let left = failures;
  const sent: MailMessage[] = [];
  return {
    description: 'flaky',
    sent,
    async send(m) {
      if (left-- > 0) throw new Error('SMTP 421 try again later');
      sent.push(m);
    },
  };
}

forEachDatabase('durable jobs', (t) => {
  const jobOf = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const runnerWith = (mail: Mailer, options: { workerId?: string; leaseMs?: number; pollMs?: number } = {}) =>
    createJobRunner({ db: t.database.db, handlers: mailOnly(mail), clock: t.clock, log: t.log, ...options });
  /** Jobs other tests left due would run on this test's runner: finish them first. */
  const drain = () => t.runDueJobs();

  it('exists only when its transaction commits', async () => {
    await drain();
    const m = message();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'mail', payload: m }, t.clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await t.database.db.select().from(jobs)).filter((j) => j.payload?.to === m.to)).toEqual([]);
    const id = await t.database.db.transaction((tx) => enqueueJob(tx, { kind: 'mail', payload: m }, t.clock.now()));
    expect(await jobOf(id as string)).toMatchObject({ kind: 'mail', payload: m, attempts: 0, maxAttempts: JOB_POLICIES.mail.maxAttempts, doneAt: null });
    await t.runDueJobs();
    expect(t.mailer.sent.filter((s) => s.to === m.to)).toHaveLength(1);
    expect(await jobOf(id as string)).toMatchObject({ attempts: 1, payload: null, lockedUntil: null });
    expect((await jobOf(id as string))?.doneAt).toBeInstanceOf(Date);
  });

  it('keeps one unfinished job per dedupe key', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const first = await enqueueJob(t.database.db, { kind: 'mail', payload: message(), dedupeKey: key }, t.clock.now());
    expect(await enqueueJob(t.database.db, { kind: 'mail', payload: message(), dedupeKey: key }, t.clock.now())).toBeNull();
    await t.runDueJobs();
    expect((await jobOf(first as string))?.doneAt).toBeInstanceOf(Date);
    // Finished, the key is free again.
    expect(await enqueueJob(t.database.db, { kind: 'mail', payload: message(), dedupeKey: key }, t.clock.now())).not.toBeNull();
    await t.runDueJobs();
  });

  it('retries with exponential backoff by the clock, then succeeds and clears the payload', async () => {
    await drain();
    const mailer = flakyMailer(2);
    const runner = runnerWith(mailer);
    const m = message();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: m }, t.clock.now())) as string;
    expect(await runner.runDueJobs()).toBe(1);
    let row = await jobOf(id);
    expect(row).toMatchObject({ attempts: 1, doneAt: null, lastError: 'Error: SMTP 421 try again later', lockedUntil: null, payload: m });
    expect(row?.runAt.getTime()).toBe(t.clock.now().getTime() + backoffSeconds(JOB_POLICIES.mail, 1) * 1000);
    // Not due before its time.
    t.clock.advance(backoffSeconds(JOB_POLICIES.mail, 1) * 1000 - 1);
    expect(await runner.runDueJobs()).toBe(0);
    t.clock.advance(1);
    expect(await runner.runDueJobs()).toBe(1);
    row = await jobOf(id);
    expect(row?.attempts).toBe(2);
    expect(row?.runAt.getTime()).toBe(t.clock.now().getTime() + backoffSeconds(JOB_POLICIES.mail, 2) * 1000);
    expect(backoffSeconds(JOB_POLICIES.mail, 2)).toBe(2 * backoffSeconds(JOB_POLICIES.mail, 1));
    t.clock.advance(backoffSeconds(JOB_POLICIES.mail, 2) * 1000);
    expect(await runner.runDueJobs()).toBe(1);
    expect(mailer.sent).toEqual([m]);
    expect(await jobOf(id)).toMatchObject({ attempts: 3, payload: null, lastError: null });
    await runner.close();
  });

  it("keeps a failure's text whatever a library wrote in it (NUL, a cut surrogate pair): the retry is recorded", async () => {
    await drain();
    const runner = runnerWith({
      description: 'odd errors',
      send: async () => {
        throw new Error(`550 \u0000bad\u0000 reply ${'😀'.slice(0, 1)}`);
      },
    });
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: message() }, t.clock.now())) as string;
    expect(await runner.runDueJobs()).toBe(1);
    expect(await jobOf(id)).toMatchObject({ attempts: 1, doneAt: null, lockedUntil: null, lastError: 'Error: 550 \ufffdbad\ufffd reply \ufffd' });
    expect(t.log.entries.filter((e) => e.message === 'Recording a job outcome failed')).toEqual([]);
    await runner.close();
    await t.database.db.delete(jobs).where(eq(jobs.id, id)); // its retry is no other test's job
  });

  it('gives up after max attempts: kept for inspection, its secret payload cleared, logged without it', async () => {
    await drain();
    const runner = runnerWith(flakyMailer(1000));
    const m = message();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: m, maxAttempts: 3 }, t.clock.now())) as string;
    for (let i = 0; i < 3; i++) {
      expect(await runner.runDueJobs()).toBe(1);
      t.clock.advance(JOB_POLICIES.mail.maxBackoffSeconds * 1000);
    }
    expect(await runner.runDueJobs()).toBe(0);
    const row = await jobOf(id);
    expect(row).toMatchObject({ attempts: 3, payload: null, doneAt: null, lastError: 'Error: SMTP 421 try again later' });
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(t.log.entries.some((e) => e.level === 'error' && e.message === 'A job was given up' && e.fields?.job === id)).toBe(true);
    expect(JSON.stringify(t.log.entries)).not.toContain('424242');
    await runner.close();
  });

  it('gives up at once on a payload its kind does not take', async () => {
    await drain();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: { to: 42 } }, t.clock.now())) as string;
    await t.runDueJobs();
    expect(await jobOf(id)).toMatchObject({ attempts: 1, payload: null });
    expect((await jobOf(id))?.failedAt).toBeInstanceOf(Date);
  });

  it('runs a job again once the lease of a runner that died has run out, and never while it holds', async () => {
    await drain();
    const m = message();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: m }, t.clock.now())) as string;
    // A runner claims it and dies (the handler never answers, the process is gone: nothing renews or ends it).
    const dying = runnerWith({ description: 'hangs', send: () => new Promise<void>(() => undefined) }, { workerId: 'dead-runner', leaseMs: 60_000 });
    void dying.runDueJobs();
    await expect.poll(async () => (await jobOf(id))?.lockedBy).toBe('dead-runner');
    const survivor = runnerWith(t.mailer, { workerId: 'survivor' });
    expect(await survivor.runDueJobs()).toBe(0);
    t.clock.advance(60_000);
    expect(await survivor.runDueJobs()).toBe(1);
    expect(t.mailer.sent.filter((s) => s.to === m.to)).toHaveLength(1);
    expect(await jobOf(id)).toMatchObject({ attempts: 2, payload: null, lockedBy: 'survivor' });
  });

  it('gives up a job whose last attempt died with its runner', async () => {
    await drain();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: message(), maxAttempts: 1 }, t.clock.now())) as string;
    await t.database.db.update(jobs).set({ attempts: 1, lockedBy: 'dead-runner', lockedUntil: t.clock.now() }).where(eq(jobs.id, id));
    await t.runDueJobs();
    expect(await jobOf(id)).toMatchObject({ attempts: 2, payload: null, lastError: 'the last attempt did not finish (its runner stopped)' });
  });

  it('runs a woken job at once (no poll wait) and finishes the jobs in flight on close()', async () => {
    await drain();
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const slow: Mailer = {
      description: 'slow',
      send: (m) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(m.to);
            resolve();
          };
        }),
    };
    const runner = runnerWith(slow, { pollMs: 3_600_000 });
    runner.start();
    const m = message();
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: m }, t.clock.now())) as string;
    runner.wake();
    await expect.poll(async () => (await jobOf(id))?.attempts, { timeout: 2_000 }).toBe(1);
    const closing = runner.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await jobOf(id))?.doneAt).toBeNull();
    release();
    await closing;
    expect(sent).toEqual([m.to]);
    expect((await jobOf(id))?.doneAt).toBeInstanceOf(Date);
  });

  it('runs a woken mail while a sealing job of the same runner is still running (a lane per kind)', async () => {
    await drain();
    let releaseSeal: () => void = () => undefined;
    const sent: string[] = [];
    const runner = createJobRunner({
      db: t.database.db,
      handlers: {
        mail: mailJobHandler({ description: 'records', send: async (m) => void sent.push(m.to) }),
        'seal-agreement': { parse: (payload) => payload, run: () => new Promise<void>((resolve) => (releaseSeal = resolve)) }, ...SCREENING_KINDS_UNUSED,
      },
      clock: t.clock,
      log: t.log,
      pollMs: 3_600_000,
    });
    runner.start();
    const seal = (await enqueueJob(t.database.db, { kind: 'seal-agreement', payload: { signatureId: crypto.randomUUID() } }, t.clock.now())) as string;
    runner.wake();
    await expect.poll(async () => (await jobOf(seal))?.attempts, { timeout: 2_000 }).toBe(1);
    // The sealing job holds its pass; a mail written now must not wait for it.
    const m = message();
    const mail = (await enqueueJob(t.database.db, { kind: 'mail', payload: m }, t.clock.now())) as string;
    runner.wake();
    await expect.poll(async () => (await jobOf(mail))?.doneAt, { timeout: 2_000 }).toBeInstanceOf(Date);
    expect(sent).toEqual([m.to]);
    expect((await jobOf(seal))?.doneAt).toBeNull();
    releaseSeal();
    await runner.close();
    expect((await jobOf(seal))?.doneAt).toBeInstanceOf(Date);
  });

  it('hands the lease back when a job outlasts close()', async () => {
    await drain();
    const runner = createJobRunner({
      db: t.database.db,
      handlers: mailOnly({ description: 'hangs', send: () => new Promise<void>(() => undefined) }),
      clock: t.clock,
      log: t.log,
      closeTimeoutMs: 50,
    });
    const id = (await enqueueJob(t.database.db, { kind: 'mail', payload: message() }, t.clock.now())) as string;
    void runner.runDueJobs();
    await expect.poll(async () => (await jobOf(id))?.attempts).toBe(1);
    await runner.close();
    expect(await jobOf(id)).toMatchObject({ lockedUntil: null, doneAt: null });
    // Another runner takes it at once.
    expect(await t.runDueJobs()).toBe(1);
  });

  it('sends a registration code through a mail job written with the challenge', async () => {
    await drain();
    const payload = individualPayload();
    // Not through the helpers (they run due jobs): the answer is there before any mail is.
    const res = await t.app.request('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    expect(res.status).toBe(202);
    const { challengeId } = (await res.json()) as CodeChallenge;
    expect(t.mailer.countTo(payload.email)).toBe(0);
    const [job] = await t.database.db.select().from(jobs).where(and(eq(jobs.dedupeKey, `code-mail:${challengeId}`), isNull(jobs.doneAt)));
    expect(job).toMatchObject({ kind: 'mail', payload: expect.objectContaining({ to: payload.email }) });
    await t.runDueJobs();
    expect(t.mailer.countTo(payload.email)).toBe(1);
    expect(await jobOf(job?.id as string)).toMatchObject({ payload: null });
    expect((await t.post('/api/auth/verify', { challengeId, code: t.mailer.latestCode(payload.email) })).status).toBe(200);
  });
});

/** Two runners on one PostgreSQL database, each with its own connection pool, as two server instances have. */
it.runIf(!!process.env.TEST_DATABASE_URL)('two runners on one PostgreSQL database never run the same job', async () => {
  const fresh = await freshPostgresDatabase();
  const [one, two] = [await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 }), await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 })];
  try {
    const clock = { now: () => new Date() };
    for (let i = 0; i < 40; i++) await enqueueJob(one.db, { kind: 'mail', payload: message(`pair.${i}@example.com`) }, clock.now());
    const a: string[] = [];
    const b: string[] = [];
    const runners: JobRunner[] = [
      createJobRunner({ db: one.db, handlers: mailOnly(slowMailer(a)), clock, log: createMemoryLog(), workerId: 'a', batch: 3 }),
      createJobRunner({ db: two.db, handlers: mailOnly(slowMailer(b)), clock, log: createMemoryLog(), workerId: 'b', batch: 3 }),
    ];
    const ran = await Promise.all(runners.map((r) => r.runDueJobs()));
    expect(ran[0]! + ran[1]!).toBe(40);
    expect(a.length + b.length).toBe(40);
    expect(new Set([...a, ...b]).size).toBe(40);
    // Both took part: the claims really ran side by side.
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const rows = await one.db.select().from(jobs);
    expect(rows.every((r) => r.attempts === 1 && r.doneAt !== null)).toBe(true);
  } finally {
    await one.close();
    await two.close();
    await fresh.drop();
  }
});

/** A mailer that takes a few milliseconds per message and records the recipients. */
function slowMailer(sent: string[]): Mailer {
  return {
    description: 'slow memory',
    async send(m) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(m.to);
    },
  };
}
