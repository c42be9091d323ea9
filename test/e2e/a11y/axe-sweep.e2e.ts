/**
 * axe-core on every screen an investor can reach today, at 1280 and 375 px, failing on any violation of any impact:
 * login; registration steps 1-3 (and step 2 with its errors shown) and the code step; disclosure while reading (a
 * viewer open), the registration details dialog; each KYC step (the AML form with its errors shown); then, for an
 * investor past KYC, disclosure review mode with a viewer open, the KYC summary, the agreements page (the first
 * agreement open) and the downloads page with nothing signed yet. Screenshots of each are written as axe-<screen>-<width>.png. On each screen at each width,
 * too: no step label broken inside a word, nothing scrolling sideways, and the route's own page title.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { axeSweep } from '../harness/axe.ts';
import { baseUrl, describeE2E, newPage, type PageHandle } from '../harness/browser.ts';
import { JPEG, PDF, PNG } from '../harness/files.ts';
import { codeFromOutbox } from '../harness/outbox.ts';
import { completeQualification, fillInvestorStep, next, startRegistration } from '../harness/registration.ts';
import { completeDisclosureViaApi, completeKycViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';

const kyc = messages.kyc;
const sweep = axeSweep();

const waitForCanvas = (page: Page, scope = 'body') => page.locator(`${scope} canvas`).first().waitFor({ state: 'visible', timeout: 30_000 });

describeE2E('accessibility sweep (axe, all rules, any impact, 1280 and 375 px)', () => {
  let h: PageHandle;
  let pastDisclosure: Investor;
  let pastKyc: Investor;
  beforeAll(async () => {
    h = await newPage({ viewport: { width: 1280, height: 800 } });
    [pastDisclosure, pastKyc] = await Promise.all([registerInvestor('axe-kyc'), registerInvestor('axe-done')]);
    await Promise.all([completeDisclosureViaApi(pastDisclosure), completeDisclosureViaApi(pastKyc)]);
    await completeKycViaApi(pastKyc);
  }, 120_000);
  afterAll(() => h.close());

  it('login, registration and the code step, disclosure while reading, the registration details', async () => {
    const { page } = h;
    const email = `axe.${Date.now()}@example.com`;
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: messages.login.submit }).waitFor();
    await sweep.check(page, 'login');

    await page.getByRole('button', { name: messages.login.startJourney }).click();
    await page.locator('#reg-amount').fill('25000');
    await sweep.check(page, 'register-1');
    await startRegistration(page);
    await next(page);
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await sweep.check(page, 'register-2-errors');
    const details = { fullName: 'Ada Lovelace', dateOfBirth: '1985-12-10', nationality: 'British', email, walletAddress: `0x${'ab12'.repeat(10)}` };
    await fillInvestorStep(page, details, { stay: true });
    await sweep.check(page, 'register-2');
    await next(page);
    await completeQualification(page, { stay: true });
    await waitForCanvas(page, '.registration__viewer');
    await sweep.check(page, 'register-3');
    await completeQualification(page);
    await page.locator('#reg-code').waitFor();
    await sweep.check(page, 'register-code');

    await page.locator('#reg-code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: messages.emailCode.verify }).click();
    await page.waitForURL('**/process/disclosure');
    await page.getByRole('button', { name: /Offering Memorandum Summary/ }).click();
    await waitForCanvas(page, '.disclosure-section--open');
    await sweep.check(page, 'disclosure-reading');

    await page.getByRole('button', { name: 'Registration Details' }).click();
    await page.getByRole('dialog').getByText('Ada Lovelace').waitFor();
    await sweep.check(page, 'registration-details');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  }, 180_000);

  it('each KYC step', async () => {
    const { page } = h;
    await openSignedIn(page, pastDisclosure, '/process/kyc');
    const title = page.locator('#kyc-step-title');
    await expect.poll(() => title.textContent(), { timeout: 20_000 }).toContain(kyc.stepTitles[0]);
    await sweep.check(page, 'kyc-1-identity');
    await page.getByTestId('kyc-identity-file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('passport.png').first().waitFor();
    await sweep.check(page, 'kyc-1-identity-chosen');
    await page.getByRole('button', { name: kyc.continueToBiometric }).click();

    await expect.poll(() => title.textContent(), { timeout: 20_000 }).toContain(kyc.stepTitles[1]);
    await page.getByRole('button', { name: kyc.startCamera }).click();
    await page.getByRole('button', { name: kyc.takeSelfie }).waitFor();
    await sweep.check(page, 'kyc-2-camera');
    await page.getByRole('button', { name: kyc.takeSelfie }).click();
    await page.getByRole('button', { name: kyc.retakeSelfie }).waitFor();
    await page.getByRole('button', { name: kyc.continue }).click();

    await expect.poll(() => title.textContent(), { timeout: 20_000 }).toContain(kyc.stepTitles[2]);
    await page.getByTestId('kyc-address_utility-file').setInputFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('kyc-address_bank-file').setInputFiles({ name: 'bank-statement.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await sweep.check(page, 'kyc-3-address');
    await page.getByRole('button', { name: kyc.uploadBoth }).click();

    await expect.poll(() => title.textContent(), { timeout: 20_000 }).toContain(kyc.stepTitles[3]);
    await sweep.check(page, 'kyc-4-aml');
    await page.getByRole('button', { name: kyc.completeAml }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await sweep.check(page, 'kyc-4-aml-errors');
    await page.getByLabel(kyc.fundsSource).selectOption('salary');
    await page.getByLabel(kyc.annualVolume).selectOption('50k-100k');
    await page.getByLabel(kyc.occupation).fill('Engineer');
    for (const d of ['pep', 'sanctions', 'criminal', 'funds'] as const) await page.locator(`#aml-declaration-${d}`).check();
    await page.getByRole('button', { name: kyc.completeAml }).click();

    await expect.poll(() => title.textContent(), { timeout: 20_000 }).toContain(kyc.stepTitles[4]);
    await sweep.check(page, 'kyc-5-review');
  }, 180_000);

  it('disclosure review with a viewer open, the KYC summary, the agreements page, the downloads page', async () => {
    const { page } = h;
    await openSignedIn(page, pastKyc, '/process/disclosure');
    await page.getByText(messages.disclosure.reviewTitle).waitFor();
    await page.getByRole('button', { name: /Risk Factors/ }).click();
    await waitForCanvas(page, '.disclosure-section--open');
    await sweep.check(page, 'disclosure-review');

    await page.getByRole('button', { name: /KYC Verification/ }).click();
    await page.getByText(kyc.reviewTitle).waitFor();
    await sweep.check(page, 'kyc-summary');

    await page.getByRole('button', { name: /Legal Agreements/ }).click();
    await page.waitForURL('**/process/agreements');
    await waitForCanvas(page, '.agreement--open');
    await sweep.check(page, 'agreements');

    await page.goto(`${baseUrl}/process/downloads`);
    await page.getByText(messages.downloads.none).waitFor();
    await sweep.check(page, 'downloads');
  }, 120_000);

  it('finds no violation, broken word or sideways scroll on any screen', () => {
    expect(sweep.report()).toEqual([]);
  });

  it("titles each route with its own page's name", () => {
    const titleOf = (screen: string) => {
      const page = screen === 'login' ? 'Login' : screen.startsWith('register') ? 'Registration' : screen.startsWith('disclosure') || screen === 'registration-details' ? 'Disclosure Review' : screen.startsWith('kyc') ? 'KYC Verification' : screen === 'agreements' ? 'Legal Agreements' : 'Signed Documents';
      return messages.pageTitle(page);
    };
    expect(sweep.findings.map((f) => [f.screen, f.title])).toEqual(sweep.findings.map((f) => [f.screen, titleOf(f.screen)]));
  });
});
