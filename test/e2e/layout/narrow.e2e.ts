/**
 * Small screens (issue 11): the PDF viewer opens a page wider than its box fitted to the box's width (the NDA on
 * registration step 3, a disclosure section), nothing scrolls sideways, and no step label breaks inside a word at
 * the widths between a phone and a desktop. (Every screen at 375 and 1280 px is also measured by the axe sweep.)
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeE2E, newPage, screenshot } from '../harness/browser.ts';
import { completeDisclosureViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';
import { brokenWords, sidewaysOverflow } from '../harness/layout.ts';
import { fillInvestorStep, startRegistration } from '../harness/registration.ts';

/** The open viewer's zoom, and whether its first page fits the box it is shown in. */
async function viewerFit(page: Page, scope: string) {
  const viewer = page.locator(`${scope} .dv`).first();
  await viewer.locator('canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
  return viewer.evaluate((dv) => {
    const box = dv.querySelector<HTMLElement>('.dv-viewport')!;
    const first = dv.querySelector<HTMLElement>('.dv-page')!;
    return {
      zoom: dv.querySelector('output')?.textContent ?? '',
      sideways: box.scrollWidth - box.clientWidth,
      pageFits: first.getBoundingClientRect().right <= box.getBoundingClientRect().right,
    };
  });
}

describeE2E('small screens', () => {
  let investor: Investor;
  beforeAll(async () => {
    investor = await registerInvestor('narrow');
  });

  it('fits the NDA and a disclosure document to a 375 px screen, and keeps 100% where the page fits', async () => {
    const { page, close } = await newPage({ viewport: { width: 375, height: 800 } });
    await startRegistration(page);
    await fillInvestorStep(page, { fullName: 'Ada Lovelace', dateOfBirth: '1985-12-10', nationality: 'British', email: `narrow.${Date.now()}@example.com`, walletAddress: `0x${'ab12'.repeat(10)}` });
    const nda = await viewerFit(page, '.registration__viewer');
    expect(nda.sideways).toBe(0);
    expect(nda.pageFits).toBe(true);
    expect(Number.parseInt(nda.zoom, 10)).toBeLessThan(100);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, 'narrow-375-nda');

    await openSignedIn(page, investor, '/process/disclosure');
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    const disclosure = await viewerFit(page, '.disclosure-section--open');
    expect(disclosure).toMatchObject({ sideways: 0, pageFits: true });
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, 'narrow-375-disclosure-viewer');
    await close();

    const wide = await newPage({ viewport: { width: 1280, height: 800 } });
    await openSignedIn(wide.page, investor, '/process/disclosure');
    await wide.page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    expect((await viewerFit(wide.page, '.disclosure-section--open')).zoom).toBe('100%');
    // The window narrowed with the document open (issue 31): the page fits the narrower box, and widening again
    // returns to 100%.
    await wide.page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(async () => (await viewerFit(wide.page, '.disclosure-section--open')).pageFits, { timeout: 5_000 }).toBe(true);
    expect(await viewerFit(wide.page, '.disclosure-section--open')).toMatchObject({ sideways: 0, pageFits: true });
    await screenshot(wide.page, 'narrow-375-after-1280-disclosure-viewer');
    await wide.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await viewerFit(wide.page, '.disclosure-section--open')).zoom, { timeout: 5_000 }).toBe('100%');
    await wide.close();
  }, 90_000);

  it('breaks no step label inside a word, and scrolls nothing sideways, from 375 to 1280 px', async () => {
    await completeDisclosureViaApi(investor);
    const { page, close } = await newPage({ viewport: { width: 1280, height: 800 } });
    await openSignedIn(page, investor, '/process/kyc');
    await page.locator('#kyc-step-title').waitFor({ timeout: 20_000 });
    const found: string[] = [];
    for (const width of [375, 414, 480, 560, 640, 720, 768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(150);
      for (const word of await brokenWords(page)) found.push(`${width}: ${word}`);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) found.push(`${width}: scrolls sideways by ${overflow} px`);
      if (width === 375 || width === 768) await screenshot(page, `narrow-${width}-kyc-steps`);
    }
    expect(found).toEqual([]);
    await close();
  }, 90_000);
});
