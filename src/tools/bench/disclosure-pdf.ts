/**
 * Time to the first rendered page of a disclosure PDF in Debian's Chromium: a fresh data dir whose DISCLOSURE_DIR
 * holds one 20-page section (createLongPdf), the built client, one registered investor. Per run a new browser
 * context (empty HTTP cache) opens /process/disclosure signed in, then three openings of the section are timed:
 *   cold:   first opening in the new context (viewer chunk, pdf.js, its worker and the PDF over the network),
 *   warm:   the same context after loading the page again (lazy chunks from its HTTP cache, the PDF revalidated),
 *   reopen: closed and opened again on that page (viewer and pdf.js modules already loaded).
 * Each is timed in the page, from just before the click to the first animation frame whose viewer canvas holds
 * non-white pixels (first-paint-probe.ts). The server runs in this process (startServer), not as a child, and serves
 * the build it is given (run.ts: a copy of dist/, see build-snapshot.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createMemoryLog } from '../../server/log.ts';
import { createLongPdf } from '../../server/seed/long-pdf.ts';
import { startServer, type RunningServer } from '../../server/start-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { registerBenchSession } from './bench-session.ts';
import { PROBE_SCRIPT, type ProbeAnswer, type ProbedWindow, type ProbeResource } from './first-paint-probe.ts';

export const PDF_BENCH = {
  pages: 20,
  runs: Number(process.env.BENCH_PDF_RUNS ?? 5),
  title: 'Bench Offering Memorandum',
  timeoutMs: 60_000,
  /** Playwright's default context: 1280x720 CSS pixels, device pixel ratio 1. */
  viewport: '1280x720, device pixel ratio 1',
};

export const OPEN_CASES = ['cold', 'warm', 'reopen'] as const;
export type OpenCase = (typeof OPEN_CASES)[number];

export interface FirstPdfPageResult {
  pdfBytes: number;
  /** Per case, one answer per run, in run order. */
  opens: Record<OpenCase, ProbeAnswer[]>;
  /** Script paths the disclosure page had loaded before its first section opened (first run). */
  scriptsBeforeOpen: string[];
  /** The JavaScript the page loaded before a section opened and what the cold openings fetched after the click, from the served build. */
  lazyScripts: { path: string; body: Uint8Array }[];
}

const isScriptPath = (path: string) => /^\/assets\/[^/]+\.m?js$/.test(path);
export const pathOf = (resource: ProbeResource) => new URL(resource.url).pathname;

/** An issuer's folder with the one long section; a long minimum reading time keeps it 'in progress' throughout. */
async function writeDisclosureFolder(dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const pdf = await createLongPdf(PDF_BENCH.pages, PDF_BENCH.title);
  writeFileSync(join(dir, 'long-section.pdf'), pdf);
  const section = { slug: 'bench-long-section', title: PDF_BENCH.title, order: 1, minReadingTime: 600, file: 'long-section.pdf' };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ sections: [section] }, null, 2));
  return pdf.byteLength;
}

async function openPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  await sectionButton(page).waitFor({ timeout: PDF_BENCH.timeoutMs });
  if ((await sectionButton(page).getAttribute('aria-expanded')) !== 'false') throw new Error('the section is already open before the click');
}

const sectionButton = (page: Page) => page.getByRole('button', { name: PDF_BENCH.title });

function timeOpening(page: Page): Promise<ProbeAnswer> {
  return sectionButton(page).evaluate((button, timeoutMs) => (window as unknown as ProbedWindow).__g2gBench.openAndTimeFirstPaint(button, timeoutMs), PDF_BENCH.timeoutMs);
}

async function runOnce(browser: Browser, server: RunningServer, session: { token: string; user: string }, run: number, result: FirstPdfPageResult) {
  const context = await browser.newContext();
  const errors: string[] = [];
  try {
    await context.addInitScript(PROBE_SCRIPT);
    await context.addInitScript(([token, user]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('user', user);
    }, [session.token, session.user] as const);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const url = `${server.url}/process/disclosure`;

    await openPage(page, url);
    if (run === 0) {
      const before = await page.evaluate(() => (window as unknown as ProbedWindow).__g2gBench.resourcesSince(0));
      result.scriptsBeforeOpen = before.map(pathOf).filter(isScriptPath);
    }
    result.opens.cold.push(await timeOpening(page));

    await openPage(page, url);
    result.opens.warm.push(await timeOpening(page));

    await sectionButton(page).click();
    await page.locator('.dv-viewport').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    result.opens.reopen.push(await timeOpening(page));
  } catch (error) {
    throw new Error(`run ${run + 1}: ${(error as Error).message}${errors.length ? `\npage errors:\n${errors.join('\n')}` : ''}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** staticDir: the built client to serve (vite's dist/). */
export async function measureFirstPdfPage(staticDir: string): Promise<FirstPdfPageResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-pdf-'));
  const log = createMemoryLog();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    const disclosureDir = join(dataDir, 'issuer-disclosure');
    const pdfBytes = await writeDisclosureFolder(disclosureDir);
    server = await startServer({ env: { DISCLOSURE_DIR: disclosureDir }, port: 0, host: '127.0.0.1', dataDir, staticDir, log });
    const auth = await registerBenchSession(server.url, dataDir);
    const session = { token: auth.token, user: JSON.stringify(auth.user) };
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const result: FirstPdfPageResult = { pdfBytes, opens: { cold: [], warm: [], reopen: [] }, scriptsBeforeOpen: [], lazyScripts: [] };
    for (let run = 0; run < PDF_BENCH.runs; run++) {
      console.log(`[bench] first PDF page, run ${run + 1}/${PDF_BENCH.runs}`);
      await runOnce(browser, server, session, run, result);
    }
    result.lazyScripts = [...new Set([...result.scriptsBeforeOpen, ...lazyScriptPaths(result)])].sort().map((path) => ({ path, body: readFileSync(join(staticDir, path)) }));
    return result;
  } catch (error) {
    const lines = log.entries.filter((e) => e.level !== 'info').map((e) => `[${e.level}] ${e.message} ${JSON.stringify(e.fields ?? {})}`);
    if (lines.length) console.error(`[bench] server log:\n${lines.join('\n')}`);
    throw error;
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The JavaScript the cold openings fetched after the click: what only a shown viewer loads. */
function lazyScriptPaths(result: Pick<FirstPdfPageResult, 'opens'>): string[] {
  const paths = new Set(result.opens.cold.flatMap((open) => open.resources.map(pathOf)).filter(isScriptPath));
  return [...paths].sort();
}
