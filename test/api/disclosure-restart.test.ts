/**
 * The issuer's documents (DISCLOSURE_DIR and `npm run disclosure:load`) and reading progress across restarts of a
 * real server on the same data, PGlite always and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import type { DisclosureProgressResponse, DisclosureSection } from '../../src/shared/disclosure.ts';
import { ConfigError } from '../../src/server/config/env.ts';
import { createMemoryLog } from '../../src/server/log.ts';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { individualPayload, ManualClock } from './harness.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { serverBackends, type ServerBackend } from './support/test-databases.ts';

const LOAD = join(import.meta.dirname, '../../src/server/load-disclosure.ts');
const pdf = (label: string) => `%PDF-1.7\n% ${label}\n%%EOF\n`;

async function writeFolder(root: string, sections: { slug: string; title: string; minReadingTime?: number; file?: string | null; body?: string }[]) {
  await mkdir(root, { recursive: true });
  for (const s of sections) if (s.file) await writeFile(join(root, s.file), s.body ?? pdf(s.slug));
  await writeFile(join(root, 'manifest.json'), JSON.stringify({ sections: sections.map(({ body: _, ...s }) => s) }));
}

const ISSUER_SECTIONS = [
  { slug: 'prospectus', title: 'Prospectus', minReadingTime: 0.3, file: 'prospectus.pdf' },
  { slug: 'annual-report', title: 'Annual Report 2025', minReadingTime: 0.1, file: 'annual-report.pdf' },
];

const backends = serverBackends();

for (const backend of backends) {
  describe(`issuer disclosure documents and restarts [${backend.name}]`, () => {
    let setup: Awaited<ReturnType<ServerBackend['setup']>>;
    let folder: string;
    const clock = new ManualClock();
    const servers: RunningServer[] = [];
    const start = async (extra: Record<string, string> = {}) => {
      const server = await startServer({ env: { ...setup.env, DISCLOSURE_DIR: folder, ...extra }, dataDir: setup.dataDir, port: 0, host: '127.0.0.1', staticDir: null, log: createMemoryLog(), clock });
      servers.push(server);
      return server;
    };
    const call = (server: RunningServer, path: string, token: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    beforeAll(async () => {
      setup = await backend.setup();
      folder = join(setup.dataDir, 'issuer-documents');
      await writeFolder(folder, ISSUER_SECTIONS);
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      await setup.cleanup();
    });

    it("puts the issuer's sections in place at start, and keeps reading progress across a restart", async () => {
      let server = await start();
      const payload = individualPayload();
      const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const { challengeId } = (await (await post('/api/auth/register', payload)).json()) as CodeChallenge;
      const { token } = (await (await post('/api/auth/verify', { challengeId, code: await codeFromOutbox(setup.dataDir, payload.email) })).json()) as AuthResponse;

      const sections = (await (await call(server, '/api/disclosure/sections', token)).json()) as DisclosureSection[];
      expect(sections.map((s) => [s.title, s.minReadingTime])).toEqual([
        ['Prospectus', 0.3],
        ['Annual Report 2025', 0.1],
      ]);
      const [first, second] = sections.map((s) => s.id) as [string, string];
      const pdfRes = await call(server, `/api/disclosure/pdf/${first}`, token);
      expect(await pdfRes.text()).toBe(pdf('prospectus'));

      expect((await call(server, '/api/disclosure/save-progress', token, { sectionProgress: { [first]: { opened: true } } })).status).toBe(200);
      clock.advance(15_000);
      expect((await call(server, '/api/disclosure/save-progress', token, { sectionProgress: { [first]: { opened: true, timeSpent: 15, scrolled: true } } })).status).toBe(200);
      await server.close();

      server = await start();
      const kept = (await (await call(server, '/api/disclosure/progress', token)).json()) as DisclosureProgressResponse;
      expect(kept.disclosureProgress[first]).toEqual({ unlocked: true, opened: true, timeSpent: 15, scrolled: true, completed: false });
      // The server's clock counted on through the restart: the rest of the reading is credited.
      clock.advance(3_000);
      const done = (await (await call(server, '/api/disclosure/save-progress', token, { sectionProgress: { [first]: { opened: true, timeSpent: 18, scrolled: true } } })).json()) as DisclosureProgressResponse;
      expect(done.disclosureProgress[first]?.completed).toBe(true);
      await call(server, '/api/disclosure/save-progress', token, { sectionProgress: { [second]: { opened: true } } });
      clock.advance(6_000);
      const completed = await call(server, '/api/disclosure/complete', token, { sectionProgress: { [second]: { opened: true, timeSpent: 6, scrolled: true } } });
      expect(completed.status).toBe(200);
      expect(await completed.json()).toMatchObject({ currentStep: 'kyc', disclosuresCompleted: true });
      await server.close();
    });

    it('refuses to start on a broken DISCLOSURE_DIR, naming it', async () => {
      const broken = join(setup.dataDir, 'broken');
      await writeFolder(broken, [{ slug: 'x', title: 'X', file: '../outside.pdf' }]);
      const error = await start({ DISCLOSURE_DIR: broken }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/DISCLOSURE_DIR.*must be a file name inside the folder/);
    });

    it('`npm run disclosure:load` replaces the set and reports what changed; it refuses a running PGlite data dir', async () => {
      const next = join(setup.dataDir, 'second-edition');
      await writeFolder(next, [
        { ...ISSUER_SECTIONS[0]!, body: pdf('prospectus, second edition') },
        { slug: 'token-terms', title: 'Token Terms', file: 'terms.pdf' },
      ]);
      const run = () => spawnSync(process.execPath, ['--import', 'tsx', LOAD, next], { env: { PATH: process.env.PATH, DATA_DIR: setup.dataDir, ...setup.env }, encoding: 'utf8' });
      if (backend.name === 'pglite') {
        const server = await start();
        const refused = run();
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(/Disclosure sections not loaded\. .*already using the data directory/);
        await server.close();
      }
      const loaded = run();
      expect(loaded.stderr).toBe('');
      expect(loaded.status).toBe(0);
      expect(loaded.stdout).toMatch(/added\s+token-terms\nupdated\s+prospectus\nunchanged\s+-\nretired\s+annual-report\n/);
      const again = run();
      expect(again.stdout).toMatch(/unchanged\s+prospectus, token-terms\n/);

      const bad = spawnSync(process.execPath, ['--import', 'tsx', LOAD, join(setup.dataDir, 'missing-folder')], { env: { PATH: process.env.PATH, DATA_DIR: setup.dataDir, ...setup.env }, encoding: 'utf8' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/Disclosure sections not loaded\. Cannot read .*manifest\.json/);
    });
  });
}
