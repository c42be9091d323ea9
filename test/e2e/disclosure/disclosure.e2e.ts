/**
 * Disclosure review in the real app: a new investor reads the four sections in order (each for its minimum time on
 * the server's clock, a few seconds here, and to the end of the document), sees the badges change, keeps progress
 * over a reload, proceeds to KYC and comes back to review. Then the page's other states, and a 375 px screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DisclosureProgressResponse } from '../../../src/shared/disclosure.ts';
import { messages } from '../../../src/shared/messages.ts';
import { describeE2E, newPage, screenshot, type PageHandle } from '../harness/browser.ts';
import { E2E_READING_SECONDS } from '../harness/disclosure-content.ts';
import { apiGet, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';

const text = messages.disclosure;
const TITLES = ['Offering Memorandum Summary', 'Risk Factors', 'Token Terms and Conditions', 'Foundation Governance'];

const sectionItem = (page: Page, title: string) => page.locator('.disclosure-section', { has: page.getByRole('button', { name: new RegExp(title) }) });
const badges = (page: Page) => page.locator('.disclosure-badge').allTextContents();

/** Opens a section, waits for its first page on canvas, scrolls the viewer to the end, waits for Complete. */
async function readSection(page: Page, title: string, shot?: string) {
  const item = sectionItem(page, title);
  await item.getByRole('button', { name: new RegExp(title) }).click();
  await item.locator('canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => item.locator('.disclosure-badge').textContent()).toBe(text.badge.inProgress);
  await expect(item.getByText(text.missingScroll).isVisible()).resolves.toBe(true);
  if (shot) await screenshot(page, shot);
  await item.locator('.dv-viewport').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(() => item.locator('.disclosure-badge').textContent(), { timeout: (E2E_READING_SECONDS + 10) * 1000 }).toBe(text.badge.complete);
}

describeE2E('disclosure review', () => {
  let h: PageHandle;
  let investor: Investor;
  beforeAll(async () => {
    h = await newPage();
    investor = await registerInvestor('reader');
  });
  afterAll(() => h.close());

  it('starts with the first section pending and the others locked', async () => {
    await openSignedIn(h.page, investor, '/process/disclosure');
    await h.page.getByRole('button', { name: /Offering Memorandum Summary/ }).waitFor();
    expect(await h.page.locator('.disclosure-section__title').allTextContents()).toEqual(TITLES);
    expect(await badges(h.page)).toEqual([text.badge.pending, text.badge.locked, text.badge.locked, text.badge.locked]);
    // A locked section does not open.
    await h.page.getByRole('button', { name: /Risk Factors/ }).click({ force: true }); // aria-disabled: Playwright would wait
    expect(await h.page.getByRole('button', { name: /Risk Factors/ }).getAttribute('aria-expanded')).toBe('false');
    expect(await h.page.getByRole('button', { name: /Risk Factors/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await h.page.getByRole('button', { name: text.proceed }).count()).toBe(0);
    await screenshot(h.page, 'disclosure-1-start');
  });

  it('completes a section after its reading time and the scroll to the end, which unlocks the next', async () => {
    await readSection(h.page, TITLES[0]!, 'disclosure-2-reading');
    expect(await badges(h.page)).toEqual([text.badge.complete, text.badge.pending, text.badge.locked, text.badge.locked]);
    await screenshot(h.page, 'disclosure-3-first-complete');
    await readSection(h.page, TITLES[1]!);
    // The server agrees: two sections complete by its own clock.
    const progress = await apiGet<DisclosureProgressResponse>('/api/disclosure/progress', investor.token);
    expect(Object.values(progress.disclosureProgress).filter((p) => p.completed)).toHaveLength(2);
  });

  it('keeps the progress over a reload', async () => {
    await h.page.reload();
    await h.page.getByRole('button', { name: /Offering Memorandum Summary/ }).waitFor();
    expect(await badges(h.page)).toEqual([text.badge.complete, text.badge.complete, text.badge.pending, text.badge.locked]);
  });

  it('proceeds to KYC once every section is complete', async () => {
    await readSection(h.page, TITLES[2]!);
    await readSection(h.page, TITLES[3]!);
    const proceed = h.page.getByRole('button', { name: text.proceed });
    await proceed.waitFor();
    await screenshot(h.page, 'disclosure-4-all-complete');
    await proceed.click();
    await h.page.waitForURL('**/process/kyc');
    const progress = await apiGet<DisclosureProgressResponse>('/api/disclosure/progress', investor.token);
    expect(progress).toMatchObject({ currentStep: 'kyc', disclosuresCompleted: true });
    await screenshot(h.page, 'disclosure-5-on-kyc');
  });

  it('reviews the completed disclosures read-only and returns to the current step', async () => {
    await h.page.getByRole('button', { name: /Disclosure Review/ }).click();
    await h.page.waitForURL('**/process/disclosure');
    await h.page.getByText(text.reviewTitle).waitFor();
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await h.page.getByText(text.reviewCompletedOn(today)).waitFor();
    expect(await badges(h.page)).toEqual(Array(4).fill(text.badge.completed));
    await h.page.getByRole('button', { name: /Token Terms and Conditions/ }).click();
    await sectionItem(h.page, TITLES[2]!).locator('canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await h.page.getByRole('button', { name: text.proceed }).count()).toBe(0);
    await screenshot(h.page, 'disclosure-6-review');
    await h.page.getByRole('button', { name: text.returnToCurrentStep }).click();
    await h.page.waitForURL('**/process/kyc');
  });
});

describeE2E('disclosure page states', () => {
  it('shows the load failure with Retry Loading, then the sections once the server answers', async () => {
    const { page, errors, close } = await newPage();
    const investor = await registerInvestor('retry');
    let fail = true;
    await page.route('**/api/disclosure/sections', (route) => (fail ? route.fulfill({ status: 503, body: '{"error":"down"}', contentType: 'application/json' }) : route.continue()));
    await openSignedIn(page, investor, '/process/disclosure');
    await page.getByText(text.loadFailed).waitFor();
    await screenshot(page, 'disclosure-state-failed');
    fail = false;
    await page.getByRole('button', { name: text.retry }).click();
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).waitFor();
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    await close();
  });

  it("shows 'No Disclosure Sections Available' and 'Document Not Available'", async () => {
    const { page, close } = await newPage();
    const investor = await registerInvestor('states');
    await page.route('**/api/disclosure/sections', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await openSignedIn(page, investor, '/process/disclosure');
    await page.getByText(text.emptyTitle).waitFor();
    await page.getByText(text.emptyBody).waitFor();
    await screenshot(page, 'disclosure-state-empty');

    await page.unroute('**/api/disclosure/sections');
    await page.route('**/api/disclosure/sections', async (route) => {
      const sections = (await (await route.fetch()).json()) as { hasPDF: boolean }[];
      sections[0]!.hasPDF = false;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(sections) });
    });
    await page.reload();
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    await page.getByText(text.documentNotAvailable).waitFor();
    await screenshot(page, 'disclosure-state-no-document');
    await close();
  });

  it('stops the reading clock while the tab is hidden (the page clock is driven, not waited for)', async () => {
    const { page, close } = await newPage();
    await page.clock.install();
    const investor = await registerInvestor('hidden');
    await openSignedIn(page, investor, '/process/disclosure');
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    const time = page.locator('.disclosure-section__time');
    await time.waitFor();
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await page.clock.runFor(2_000);
    expect(await time.textContent()).toContain(text.timeRead('0:02'));
    await setHidden(true);
    await page.clock.runFor(30_000);
    expect(await time.textContent()).toContain(text.timeRead('0:02'));
    await setHidden(false);
    await page.clock.runFor(1_000);
    expect(await time.textContent()).toContain(text.timeRead('0:03'));
    await close();
  });

  it('fits a 375 px screen', async () => {
    const { page, close } = await newPage({ viewport: { width: 375, height: 800 } });
    const investor = await registerInvestor('narrow');
    await openSignedIn(page, investor, '/process/disclosure');
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    await page.locator('canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'disclosure-375');
    await close();
  });
});
