/**
 * What an e2e file needs: the shared Chromium (connected once per file), fresh pages that record
 * console and page errors, screenshots under test-results/screenshots/, and the server's data dir.
 *
 *   describeE2E('login', () => {
 *     it('signs in', async () => {
 *       const { page, errors } = await newPage();
 *       await page.goto(`${baseUrl}/auth/login`);
 *       ...
 *       expect(errors).toEqual([]);
 *     });
 *   });
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, describe, inject } from 'vitest';
import './provided-context.ts';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const SCREENSHOT_DIR = join(root, 'test-results', 'screenshots');

/** Why e2e tests are skipped ('' when they run). */
export const e2eSkipReason = inject('e2eSkipReason');
/** The real server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
export const baseUrl = inject('baseUrl');
/** The server's DATA_DIR. */
export const dataDir = inject('dataDir');

/** `describe` that skips (with the reason in its name) when the global setup found no browser. */
export const describeE2E = (name: string, body: () => void) =>
  e2eSkipReason ? describe.skip(`${name} (skipped: ${e2eSkipReason})`, body) : describe(name, body);

let browser: Promise<Browser> | undefined;
const contexts = new Set<BrowserContext>();

export function connectBrowser(): Promise<Browser> {
  if (e2eSkipReason) throw new Error(`e2e unavailable: ${e2eSkipReason}`);
  browser ??= chromium.connect(inject('wsEndpoint'));
  return browser;
}

export interface PageHandle {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught page errors, in order, as they happen. */
  errors: string[];
  close(): Promise<void>;
}

/** A page in a fresh context (own cookies and storage). */
export async function newPage(options: BrowserContextOptions = {}): Promise<PageHandle> {
  const context = await (await connectBrowser()).newContext({ baseURL: baseUrl, ...options });
  contexts.add(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    page,
    context,
    errors,
    close: async () => {
      contexts.delete(context);
      await context.close();
    },
  };
}

/** Writes test-results/screenshots/<name>.png (full page) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A path inside the server's DATA_DIR (e.g. the mail outbox). */
export const dataPath = (...segments: string[]) => join(dataDir, ...segments);
export const readDataFile = (...segments: string[]) => readFileSync(dataPath(...segments));

// Each file connects once; leave nothing open when it ends.
afterAll(async () => {
  await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
  contexts.clear();
  if (browser) await (await browser).close();
  browser = undefined;
});
