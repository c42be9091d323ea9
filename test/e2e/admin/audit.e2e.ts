/**
 * The auditor's audit trail end to end (issue 16), in Chromium with an auditor signed in by passkey. An investor goes
 * through registration, the disclosure and KYC over the investor API; the auditor filters the events by that investor
 * (the address holds the filter), verifies the chain (unbroken, with the count and the head), opens the investor's
 * journey and sees it listed and drawn on the investment's lifecycle chart (issue 27: disclosure and KYC visited, the
 * submission a numbered transition into review, a picked step's state and transition highlighted). Screenshots at 1280 and 375 px of the list, the chain result and the journey (copied to
 * /tmp/shots-audit/), and axe on each.
 *
 * Not here: an altered row. The e2e server keeps its database in PGlite inside its own process, which the test cannot
 * open beside it; the broken chain is covered by the API tests on both databases (test/api/audit-chain.test.ts) and
 * its wording by the page test (src/client/admin/audit/AuditPage.test.tsx).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeSweep } from '../harness/axe.ts';
import { describeE2E, screenshot, type PageHandle } from '../harness/browser.ts';
import { completeDisclosureViaApi, completeKycViaApi, registerInvestor, type Investor } from '../harness/investor.ts';
import { signedInStaffPage, staffOrigin } from '../harness/staff.ts';

const SHOTS = '/tmp/shots-audit';
const axe = axeSweep();
let auditor: PageHandle;
let investor: Investor;

/** Full-page screenshots at 1280 and 375 px (harness dir and /tmp/shots-audit), back at 1280 afterwards. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    const path = await screenshot(page, `admin-audit-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stateClass = (page: Page, id: string) => page.locator(`svg.diagram-view__svg [data-state-id="${id}"] > g`).first().getAttribute('class');

describeE2E('back-office: audit trail', () => {
  beforeAll(async () => {
    investor = await registerInvestor('audited');
    await completeDisclosureViaApi(investor);
    await completeKycViaApi(investor);
    ({ handle: auditor } = await signedInStaffPage(['auditor'], 'Audrey Auditor'));
  }, 120_000);

  afterAll(async () => {
    await auditor?.close();
    const problems = axe.report();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("filters the events by the investor: the address holds the filter and every row is the investor's", async () => {
    const { page } = auditor;
    await page.goto(`${staffOrigin}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await page.locator('.audit__table').waitFor();
    await page.getByLabel('Investor (name, email or id)').fill(investor.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?investor=${encodeURIComponent(investor.email)}`);
    const investorCells = page.locator('.audit__table tbody td[data-label="Investor"] .audit__email');
    await expect.poll(async () => (await investorCells.allTextContents()).length).toBeGreaterThan(3);
    expect(new Set(await investorCells.allTextContents())).toEqual(new Set([investor.email]));
    const actions = await page.locator('.audit__table tbody td[data-label="Action"]').allTextContents();
    expect(actions.some((a) => a.startsWith('kyc.'))).toBe(true);
    expect(actions.some((a) => a.startsWith('disclosure.'))).toBe(true);
    // Newest first.
    const seqs = (await page.locator('.audit__table tbody td[data-label="#"]').allTextContents()).map(Number);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    // The filtered view is a link: opened afresh, it shows the same rows.
    await page.goto(page.url());
    await expect.poll(async () => (await page.locator('.audit__table tbody td[data-label="#"]').allTextContents()).map(Number)).toEqual(seqs);
    await expect.poll(() => page.getByLabel('Investor (name, email or id)').inputValue()).toBe(investor.email);
    await shoot(page, 'list');
    await axe.check(page, 'admin-audit-list');
  });

  it('verifies the chain: unbroken, with the events checked and the head', async () => {
    const { page } = auditor;
    await page.getByRole('button', { name: 'Verify the audit trail' }).click();
    const result = page.locator('.audit__chain-whole');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^The audit trail is unbroken: [\d,]+ events? checked, head #\d+ \([0-9a-f]{12}…\)\. Checked in [\d.]+ m?s\.$/);
    await shoot(page, 'chain');
    await axe.check(page, 'admin-audit-chain');
  });

  it("opens the investor's journey: the steps in time order, drawn on the lifecycle chart", async () => {
    const { page } = auditor;
    await page.getByRole('button', { name: `Show journey of ${investor.email}` }).first().click();
    await page.getByRole('heading', { name: new RegExp(`^Journey of .*${investor.email.replace(/[.+]/g, '\\$&')}`) }).waitFor();
    const steps = page.locator('.audit__steps > li');
    await expect.poll(() => steps.count()).toBeGreaterThan(3);
    const labels = await page.locator('.audit__steps strong').allTextContents();
    expect(labels[0]).toMatch(/Regist/);
    await page.locator('svg.diagram-view__svg').waitFor();
    expect(await stateClass(page, 'investment.disclosure')).toContain('is-visited');
    expect(await stateClass(page, 'investment.kycCollecting')).toContain('is-visited');
    expect(await stateClass(page, 'investment.case.review.underReview')).toContain('is-visited');
    expect(await stateClass(page, 'investment.case.investing.settled.paid')).not.toContain('is-visited');
    // The submission is a business fact: the transition it took into the review, highlighted when picked.
    const submitted = page.locator('.audit__step', { hasText: /INVESTOR\.KYC_SUBMITTED → underReview/ }).first();
    await submitted.click();
    expect(await submitted.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => stateClass(page, 'investment.case.review.underReview')).toContain('is-active');
    await expect
      .poll(() => page.locator('[data-transition-id="investment.kycCollecting:INVESTOR.KYC_SUBMITTED:0"]').getAttribute('class'))
      .toContain('is-highlighted');
    await shoot(page, 'journey');
    await axe.check(page, 'admin-audit-journey');
  });
});
