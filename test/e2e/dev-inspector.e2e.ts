/**
 * The live inspector of development builds (issue 16), end to end: Vite's dev server (import.meta.env.DEV) for the
 * investor app, its /api proxied to the e2e run's portal. The Inspector toggle opens the panel; it lists the
 * session's running actors (session and the registration chart) and draws the picked one with its active states,
 * which follow the investor through the registration wizard. Screenshots at 1280 and 375 px (/tmp/shots-inspector/).
 * The production side (no inspector in any built file) is the bench's check and dev-inspector-check.test.ts's.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { baseUrl, describeE2E, newPage, screenshot, type PageHandle } from './harness/browser.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = '/tmp/shots-inspector';
let vite: ViteDevServer;
let handle: PageHandle;
let devUrl: string;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(250);
    const path = await screenshot(page, `dev-inspector-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1600, height: 900 });
}

const activeLine = (page: Page) => page.locator('.dev-inspector__active').innerText();

describeE2E('development build: live statechart inspector', () => {
  beforeAll(async () => {
    vite = await createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'development',
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, proxy: { '/api': baseUrl } },
    });
    await vite.listen();
    devUrl = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
    handle = await newPage();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await vite?.close();
  });

  it('lists the running actors and follows the registration chart as the investor clicks', async () => {
    const { page } = handle;
    // A tester's wide screen: the panel (bottom right) leaves the wizard's buttons free.
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(`${devUrl}/auth/register`);
    await page.locator('#reg-amount').waitFor({ timeout: 60_000 });
    const toggle = page.getByRole('button', { name: 'Inspector' });
    await toggle.click();
    const panel = page.getByRole('region', { name: 'Live statechart inspector' });
    await panel.waitFor();
    const actors = panel.locator('.dev-inspector__actors button');
    await expect.poll(() => actors.allInnerTexts()).toContain('session');
    const names = await actors.allInnerTexts();
    const registration = names.find((n) => /\(registration\)$|^registration$/.test(n));
    expect(registration, `actors listed: ${names.join(', ')}`).toBeDefined();
    await panel.getByRole('button', { name: registration!, exact: true }).click();
    await panel.getByRole('group', { name: 'Live statechart of registration' }).waitFor();
    await expect.poll(() => activeLine(page)).toMatch(/registration: .*investment/);
    const before = await activeLine(page);
    const highlighted = () => panel.locator('.diagram-view__svg .diagram-state.is-active').evaluateAll((els) => els.map((e) => e.parentElement!.getAttribute('data-state-id')).join(','));
    const highlightedBefore = await highlighted();
    expect(highlightedBefore).toContain('investment');
    await shoot(page, 'registration-investment');

    // The investor goes on to step 2: the registration chart's active state follows.
    await page.locator('#reg-amount').fill('25000');
    await page.getByRole('button', { name: messages.registration.next, exact: true }).click();
    await expect.poll(() => activeLine(page)).not.toBe(before);
    expect(await activeLine(page)).toMatch(/investor/);
    await expect.poll(highlighted).not.toBe(highlightedBefore);
    await shoot(page, 'registration-investor');

    // Another actor: the session's own chart.
    await panel.getByRole('button', { name: 'session', exact: true }).click();
    await panel.getByRole('group', { name: 'Live statechart of session' }).waitFor();
    await toggle.click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(handle.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  }, 180_000);
});
