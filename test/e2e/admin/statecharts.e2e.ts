/**
 * The statechart explorer end to end (issue 16), in Chromium with an auditor signed in by passkey: the list of charts
 * by area, three charts (process, registration, kyc) drawn and shot at 1280 and 375 px (copied to /tmp/shots-explorer/),
 * a state clicked (its description and a test path reaching it), a path replayed step by step (the highlighted states
 * change with each step), zoom by buttons, a deep link, and axe on each screen. The investment's lifecycle (issue 27)
 * listed first, with how many investors each state holds now and who is in the state clicked.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeSweep } from '../harness/axe.ts';
import { describeE2E, screenshot, type PageHandle } from '../harness/browser.ts';
import { registerInvestor } from '../harness/investor.ts';
import { signedInStaffPage, staffOrigin } from '../harness/staff.ts';

const SHOTS = '/tmp/shots-explorer';
const axe = axeSweep();
let auditor: PageHandle;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(250);
    const path = await screenshot(page, `admin-statecharts-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const activeStates = (page: Page) => page.locator('.diagram-view__svg .diagram-state.is-active').evaluateAll((els) => els.map((e) => e.parentElement!.getAttribute('data-state-id')));

/** Active states with no active child state. */
const innermostActive = (page: Page) =>
  page.locator('.diagram-view__svg .diagram-state.is-active').evaluateAll((els) => {
    const ids = els.map((e) => e.parentElement!.getAttribute('data-state-id')!);
    return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
  });

/** Whether a state's box is wholly inside the diagram's box on screen. */
async function inView(page: Page, stateId: string) {
  const svg = (await page.locator('.diagram-view__svg').boundingBox())!;
  const box = (await page.locator(`.diagram-view__svg [data-state-id="${stateId}"] .diagram-state__box`).boundingBox())!;
  return box.x >= svg.x && box.y >= svg.y && box.x + box.width <= svg.x + svg.width && box.y + box.height <= svg.y + svg.height;
}

async function openChart(page: Page, id: string) {
  await page.getByRole('link', { name: new RegExp(`^${id}\\b`) }).click();
  await page.getByRole('group', { name: `Statechart of ${id}` }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/admin/statecharts/${id}`);
}

describeE2E('back-office: statechart explorer', () => {
  beforeAll(async () => {
    ({ handle: auditor } = await signedInStaffPage(['auditor'], 'Audrey Auditor'));
  }, 180_000);
  afterAll(async () => {
    await auditor?.close();
    const problems = axe.report();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('lists the charts by area, opens process, registration and kyc, and draws each', async () => {
    const { page } = auditor;
    await page.goto(`${staffOrigin}/admin`);
    await page.getByRole('link', { name: 'Statecharts' }).click();
    await page.getByRole('heading', { name: 'Statecharts', level: 1 }).waitFor();
    // The explorer opens on the investment's lifecycle; the list is one step back.
    await page.getByRole('group', { name: 'Statechart of investment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/statecharts/investment');
    await page.getByRole('button', { name: '← All statecharts' }).click();
    await page.getByRole('heading', { name: /Investor portal/ }).waitFor();
    await page.getByRole('heading', { name: /Back-office/ }).waitFor();
    await shoot(page, 'list');
    await axe.check(page, 'admin-statecharts-list');
    for (const id of ['process', 'registration', 'kyc']) {
      await openChart(page, id);
      const drawn = await page.locator('.diagram-view__svg [data-state-id]').count();
      const listed = await page.locator('.diagram-outline__list').first().getByRole('button').count();
      expect(drawn, `${id}: states drawn`).toBeGreaterThan(2);
      expect(listed, `${id}: states listed (the root is not)`).toBe(drawn - 1);
      await shoot(page, id);
      await axe.check(page, `admin-statecharts-${id}`);
      await page.getByRole('button', { name: '← All statecharts' }).click();
      await page.getByRole('heading', { name: /Investor portal/ }).waitFor();
    }
    // The admin-session chart owns the route: the navigation adds a history entry, and Back (the browser's, reported
    // to the chart) opens the chart that was on screen again.
    await openChart(page, 'kyc');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.goBack();
    await page.getByRole('group', { name: 'Statechart of kyc' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/statecharts/kyc');
    await page.goForward();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(auditor.errors).toEqual([]);
  }, 300_000);

  it('shows a state with its description and the paths reaching it, and replays a path step by step', async () => {
    const { page } = auditor;
    await page.goto(`${staffOrigin}/admin/statecharts/registration`);
    const diagram = page.getByRole('group', { name: 'Statechart of registration' });
    await diagram.waitFor();
    // A chart this wide starts readable (>= 0.6 px per unit) on its initial state, not fitted into a thin strip.
    const width = async () => Number(await diagram.getAttribute('data-viewbox-width'));
    const screenWidth = async () => (await diagram.boundingBox())!.width;
    const initial = await width();
    expect(initial).toBeLessThan(3000);
    expect((await screenWidth()) / initial).toBeGreaterThanOrEqual(0.6);
    expect((await diagram.boundingBox())!.height).toBeGreaterThanOrEqual(320);
    expect(await inView(page, 'registration.checkingSettings')).toBe(true);
    // Zoom by the buttons: the view narrows; Fit shows the whole chart.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await width()).toBeLessThan(initial);
    await page.getByRole('button', { name: 'Fit' }).click();
    const fitted = await width();
    expect(fitted).toBeGreaterThan(3000);

    // A state with a test path reaching it: the first one the outline lists that has its details' paths.
    const outline = page.locator('.diagram-outline__list').first();
    await outline.getByRole('button').nth(1).click();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByRole('heading', { name: /^State / }).waitFor();
    expect(await details.locator('p').first().innerText()).not.toBe('');
    const replayLinks = details.getByRole('button', { name: /^Replay / });
    const hasPaths = (await replayLinks.count()) > 0;
    await shoot(page, 'registration-state');
    await axe.check(page, 'admin-statecharts-state');
    if (hasPaths) {
      await replayLinks.first().click();
    } else {
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
    }
    const where = page.locator('.statecharts-replay__where');
    await where.waitFor();
    // A path replayed from a state starts where it reaches it: back to its first step.
    const first = page.getByRole('button', { name: 'First' });
    if (await first.isEnabled()) await first.click();
    const seen: string[] = [];
    seen.push(JSON.stringify(await activeStates(page)));
    expect(await where.innerText()).toMatch(/step 1 of \d+/);
    const count = Number(/of (\d+)/.exec(await where.innerText())![1]);
    for (let i = 1; i < Math.min(count, 4); i++) {
      await page.getByRole('button', { name: 'Next step' }).click();
      await expect.poll(() => where.innerText()).toMatch(new RegExp(`step ${i + 1} of ${count}`));
      seen.push(JSON.stringify(await activeStates(page)));
      // The view follows the replay: every innermost active state is on screen.
      for (const id of await innermostActive(page)) await expect.poll(() => inView(page, id)).toBe(true);
    }
    expect(count, 'a path of several steps').toBeGreaterThan(1);
    expect(new Set(seen).size, `the highlighted states change: ${seen.join(' -> ')}`).toBeGreaterThan(1);
    expect(await page.getByRole('region', { name: 'Context after this step' }).innerText()).toMatch(/^[[{]/);
    await shoot(page, 'registration-replay');
    await axe.check(page, 'admin-statecharts-replay');
    expect(auditor.errors).toEqual([]);
  }, 180_000);

  it('says so for a machine that does not exist', async () => {
    const { page } = auditor;
    await page.goto(`${staffOrigin}/admin/statecharts/no-such-machine`);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('There is no statechart called “no-such-machine”.');
  });

  it('draws the lifecycle with the investors in each state, and lists who is in the state clicked', async () => {
    const investor = await registerInvestor('lifecycle');
    const { page } = auditor;
    await page.goto(`${staffOrigin}/admin/statecharts`);
    // Opened on the lifecycle; in the list it comes first, before the investor's pages.
    await page.getByRole('group', { name: 'Statechart of investment' }).waitFor();
    await page.getByRole('button', { name: '← All statecharts' }).click();
    await page.getByRole('heading', { name: /The investment \(lifecycle\)/ }).waitFor();
    const headings = await page.locator('.statecharts-list h2').allInnerTexts();
    expect(headings[0]).toMatch(/^The investment \(lifecycle\)/);
    await openChart(page, 'investment');
    const panel = page.getByRole('region', { name: 'Investors on the lifecycle' });
    await panel.getByText(/\d+ investors? as of/).waitFor();
    const badge = page.locator('.diagram-outline__list').first().getByRole('button', { name: /^disclosure/ });
    await expect.poll(() => badge.innerText()).toMatch(/\d+ investors?/);
    await badge.click();
    const list = panel.getByRole('region', { name: 'In disclosure' });
    await list.waitFor();
    // The investor registered just now is in disclosure (the list pages by user id: show more until found).
    for (let i = 0; i < 20 && (await list.getByText(investor.email).count()) === 0; i++) {
      const more = list.getByRole('button', { name: 'Show more' });
      if ((await more.count()) === 0) break;
      await more.click();
      await page.waitForFunction(() => !document.querySelector('.statecharts-population [role="status"]'));
    }
    await list.getByText(investor.email).waitFor();
    await shoot(page, 'lifecycle');
    await axe.check(page, 'admin-statecharts-lifecycle');
    expect(auditor.errors).toEqual([]);
  }, 180_000);
});
