/**
 * A real server (startServer, real sockets) ready for KYC: DISCLOSURE_DIR holds one section with a 0-minute minimum,
 * and `investor()` registers through the mailed code (read from the outbox) and completes disclosure through the
 * API, once per server (call it inside a test: it polls the outbox). Used by the tests that need what only a real
 * socket shows (a client going away, TCP chunks, descriptors).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AuthResponse, CodeChallenge } from '../../../src/shared/auth.ts';
import type { DisclosureSection } from '../../../src/shared/disclosure.ts';
import { createMemoryLog, type MemoryLog } from '../../../src/server/log.ts';
import { startServer, type RunningServer } from '../../../src/server/start-server.ts';
import { individualPayload } from '../harness.ts';
import { codeFromOutbox } from './outbox.ts';
import type { ServerBackend } from './test-databases.ts';

export type KycServer = {
  server: RunningServer;
  dataDir: string;
  log: MemoryLog;
  /** The bearer token of an investor past disclosure (registered on first call). */
  investor(): Promise<string>;
  /** A JSON call (POST when `body` is given) with the investor's token. */
  call(path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
};

export async function startKycServer(backend: ServerBackend): Promise<KycServer> {
  const setup = await backend.setup();
  const folder = join(setup.dataDir, 'issuer');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'terms.pdf'), '%PDF-1.7\n% terms\n%%EOF\n');
  await writeFile(join(folder, 'manifest.json'), JSON.stringify({ sections: [{ slug: 'terms', title: 'Terms', minReadingTime: 0, file: 'terms.pdf' }] }));
  const log = createMemoryLog();
  let server: RunningServer;
  try {
    server = await startServer({ env: { ...setup.env, DISCLOSURE_DIR: folder }, dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, log });
  } catch (error) {
    await setup.cleanup();
    throw error;
  }
  let token = '';
  const call = (path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let signedIn: Promise<string> | undefined;
  const investor = () =>
    (signedIn ??= (async () => {
      const payload = individualPayload();
      const { challengeId } = (await (await call('/api/auth/register', payload)).json()) as CodeChallenge;
      ({ token } = (await (await call('/api/auth/verify', { challengeId, code: await codeFromOutbox(setup.dataDir, payload.email) })).json()) as AuthResponse);
      const [section] = (await (await call('/api/disclosure/sections')).json()) as DisclosureSection[];
      const done = await call('/api/disclosure/complete', { sectionProgress: { [section!.id]: { opened: true, scrolled: true, completed: true } } });
      expect(await done.json()).toMatchObject({ disclosuresCompleted: true, currentStep: 'kyc' });
      return token;
    })());
  return {
    server,
    dataDir: setup.dataDir,
    log,
    investor,
    call,
    close: async () => {
      await server.close();
      await setup.cleanup();
    },
  };
}
