/**
 * Sealing survives a crash: a real server process (`node --import tsx src/server/main.ts`, sealing in its worker
 * thread) killed with SIGKILL while it seals an investor's seven documents, then started again on the same data,
 * ends with exactly seven signed documents, one per signature, each with its stored_files row and a file pdfsig
 * calls valid; a file written before the kill whose rows never committed is an orphan no row names (the hourly
 * sweep's to remove). PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Between the kill and the restart the test ends the dead runner's leases (locked_until), as 60 s of waiting would:
 * that expiry is the job runner's own, tested with a moved clock in jobs.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import { DocumentsResponseSchema, type DocumentsResponse } from '../../src/shared/documents.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import type { Database } from '../../src/server/db/types.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer } from '../../src/server/start-server.ts';
import { uploadsDir } from '../../src/server/storage/local-file-store.ts';
import { havePdfTools, pdfsig } from '../unit/support/pdf-tools.ts';
import { individualPayload } from './harness.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { signAgreements } from './support/signed-agreements-fixture.ts';
import { serverBackends, type ServerBackend } from './support/test-databases.ts';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');
const SEALED_LINE = /^Sealed a signed agreement /gm;
const tools = havePdfTools();

type Child = { process: ChildProcess; url: Promise<string>; output(): string; exited: Promise<void> };

function spawnServer(env: Record<string, string>, onOutput?: (text: string, child: ChildProcess) => void): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', SEALING_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /G2G portal listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
      onOutput?.(out, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then(() => reject(new Error(`the server exited before listening:\n${out}`)));
  });
  url.catch(() => undefined);
  return { process: child, url, output: () => out, exited };
}

const openData = (backend: ServerBackend['name'], env: Record<string, string>, dataDir: string): Promise<Database> =>
  backend === 'pglite' ? openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }) : openDatabase({ kind: 'postgres', url: env.DATABASE_URL as string });

for (const backend of serverBackends()) {
  describe(`sealing across a crash [${backend.name}]`, () => {
    let setup: Awaited<ReturnType<ServerBackend['setup']>>;
    const children: Child[] = [];
    beforeAll(async () => {
      setup = await backend.setup();
    });
    afterAll(async () => {
      for (const child of children) {
        if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
        await child.exited;
      }
      await setup.cleanup();
    });

    it('a server killed (SIGKILL) in the middle of sealing seven documents finishes them after a restart: seven, no duplicate', { timeout: 120_000 }, async () => {
      const env = { ...setup.env, DATA_DIR: setup.dataDir };
      // An investor, registered through a server on this data (which also makes the seal's key, kept for the next starts).
      const first = await startServer({ env: { ...setup.env, SEALING_WORKERS: '0' }, dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog() });
      const payload = individualPayload();
      const post = (path: string, body: unknown) => fetch(`${first.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const { challengeId } = (await (await post('/api/auth/register', payload)).json()) as CodeChallenge;
      const { token, user } = (await (await post('/api/auth/verify', { challengeId, code: await codeFromOutbox(setup.dataDir, payload.email) })).json()) as AuthResponse;
      await first.close();

      // The seven signatures and the completion's seven sealing jobs, committed while no server runs.
      let db = await openData(backend.name, env, setup.dataDir);
      const signed = await signAgreements(db.db, user.userId, { now: new Date() });
      const signatureIds = Object.values(signed.signatureIds);
      await db.close();

      // Killed once it has sealed two: the others are in its worker, queued, or not claimed yet.
      const doomed = spawnServer(env, (out, child) => {
        if ((out.match(SEALED_LINE) ?? []).length >= 2 && child.signalCode === null) child.kill('SIGKILL');
      });
      children.push(doomed);
      await doomed.exited;
      expect(doomed.process.signalCode, doomed.output()).toBe('SIGKILL');
      const sealedBeforeKill = (doomed.output().match(SEALED_LINE) ?? []).length;

      db = await openData(backend.name, env, setup.dataDir);
      const atKill = await db.db.select().from(schema.signedDocuments).where(eq(schema.signedDocuments.userId, user.userId));
      expect(atKill.length).toBeGreaterThanOrEqual(2);
      expect(atKill.length, 'the kill came after all seven were sealed: nothing was left to resume').toBeLessThan(7);
      const unfinished = and(inArray(schema.jobs.dedupeKey, signatureIds.map((id) => `seal-agreement:${id}`)), isNull(schema.jobs.doneAt), isNull(schema.jobs.failedAt));
      const leased = await db.db.update(schema.jobs).set({ lockedUntil: null }).where(and(unfinished, isNotNull(schema.jobs.lockedUntil))).returning({ id: schema.jobs.id });
      await db.close();

      const restarted = spawnServer(env);
      children.push(restarted);
      const url = await restarted.url;
      let answer: DocumentsResponse | undefined;
      await expect
        .poll(
          async () => {
            const res = await fetch(`${url}/api/downloads/list`, { headers: { authorization: `Bearer ${token}` } });
            answer = res.status === 200 ? v.parse(DocumentsResponseSchema, await res.json()) : undefined;
            return answer ? [answer.documents.length, answer.pending] : res.status;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toEqual([7, 0]);
      restarted.process.kill('SIGTERM');
      await restarted.exited;
      expect(restarted.process.exitCode, restarted.output()).toBe(0);

      db = await openData(backend.name, env, setup.dataDir);
      try {
        const docs = await db.db
          .select({ doc: schema.signedDocuments, file: schema.storedFiles })
          .from(schema.signedDocuments)
          .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
          .where(eq(schema.signedDocuments.userId, user.userId));
        expect(docs).toHaveLength(7);
        expect(new Set(docs.map((d) => d.doc.signatureId))).toEqual(new Set(signatureIds));
        expect(answer?.documents.map((d) => d.id).sort()).toEqual(docs.map((d) => d.doc.id).sort());
        const files = await db.db.select().from(schema.storedFiles).where(and(eq(schema.storedFiles.ownerId, user.userId), eq(schema.storedFiles.purpose, 'agreement_signed')));
        expect(files).toHaveLength(7);
        const jobs = await db.db.select().from(schema.jobs).where(inArray(schema.jobs.dedupeKey, signatureIds.map((id) => `seal-agreement:${id}`)));
        expect(jobs.every((j) => j.doneAt !== null && j.failedAt === null)).toBe(true);
        const audit = await db.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, user.userId), eq(schema.auditEvents.action, 'legal.agreement.sealed')));
        expect(audit).toHaveLength(7);

        // On disk: the seven, and at most the one file the kill caught between its write and its commit.
        const onDisk = (await readdir(uploadsDir(setup.dataDir))).filter((n) => !n.startsWith('.'));
        const kept = new Set(docs.map((d) => d.file.storedName));
        const orphans = onDisk.filter((n) => !kept.has(n));
        expect([...kept].every((n) => onDisk.includes(n))).toBe(true);
        expect(orphans.length).toBeLessThanOrEqual(1);
        if (tools) {
          for (const { file } of docs) expect((await pdfsig(new Uint8Array(await readFile(join(uploadsDir(setup.dataDir), file.storedName))))).valid).toBe(true);
        }
        console.info(
          `[${backend.name}] sealed before the kill: ${sealedBeforeKill} logged, ${atKill.length} committed; leases ended: ${leased.length}; orphan files: ${orphans.length}`,
        );
      } finally {
        await db.close();
      }
    });
  });
}
