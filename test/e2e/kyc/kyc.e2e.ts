/**
 * KYC in the real app, twice: in the shared Chromium, which has no camera (the simulated test camera), and in a
 * Chromium started with a fake camera device (the real getUserMedia path). A fresh investor past disclosure goes
 * through the five sub-steps with real files to the agreements route, then the read-only summary downloads the
 * identity document back and its bytes equal the upload. On the way (simulated run): a wrong ID is a draft that a
 * reload does not save and another file replaces before Continue; one Continue on the selfie step saves and moves on;
 * an empty AML form shows every field's message at once with focus on the first.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { baseUrl, describeE2E, newPage, screenshot } from '../harness/browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium.ts';
import { JPEG, PDF, PNG } from '../harness/files.ts';
import { apiGet, completeDisclosureViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';

const text = messages.kyc;

async function walkKyc(page: Page, investor: Investor, label: string, expectSimulated: boolean) {
  const stepTitle = page.locator('#kyc-step-title');
  await expect.poll(() => stepTitle.textContent(), { timeout: 20_000 }).toContain(text.stepTitles[0]);

  // Step 1: a wrong type is refused in the browser (at the file field), then a wrong identity document: a draft that
  // a reload does not save, and that another file replaces before Continue.
  const identity = page.getByTestId('kyc-identity-file');
  await identity.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an identity document') });
  await page.getByText(text.invalidType).waitFor();
  expect(await identity.getAttribute('aria-invalid')).toBe('true');
  await identity.setInputFiles({ name: 'wrong-id.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(text.identityStored('wrong-id.png')).waitFor({ timeout: 20_000 });
  await page.reload();
  await expect.poll(() => stepTitle.textContent(), { timeout: 20_000 }).toContain(text.stepTitles[0]);
  expect((await apiGet<{ steps: Record<string, { completed: boolean }> }>('/api/kyc/status', investor.token)).steps['1']!.completed).toBe(false);
  await identity.setInputFiles({ name: 'wrong-id.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(text.identityStored('wrong-id.png')).waitFor({ timeout: 20_000 });
  // The browser's 'No file chosen' never sits beside a chosen file: the field names what is chosen.
  expect(await page.locator('.file-picker__chosen').textContent()).toContain('wrong-id.png');
  await identity.setInputFiles({ name: 'passport scan ü.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(text.identityStored('passport scan ü.png')).waitFor({ timeout: 20_000 });
  expect(await page.getByText(text.chooseAnotherFile, { exact: true }).count()).toBe(1);
  await screenshot(page, `kyc-${label}-1-identity`);
  await page.getByRole('button', { name: text.continueToBiometric }).click();

  // Step 2: the selfie. The camera on, then a look back at step 1 (read-only; the camera goes off) and back.
  await expect.poll(() => stepTitle.textContent()).toContain(text.stepTitles[1]);
  await page.getByRole('button', { name: text.startCamera }).click();
  await page.getByRole('button', { name: text.takeSelfie }).waitFor();
  await page.getByRole('button', { name: new RegExp(text.stepTitles[0]) }).click();
  await page.getByText(text.otherStep).waitFor();
  await page.getByText('passport scan ü.png').waitFor();
  await page.getByRole('button', { name: text.returnToCurrentStep }).click();
  await expect.poll(() => stepTitle.textContent()).toContain(text.stepTitles[1]);
  await page.getByRole('button', { name: text.startCamera }).click();
  await page.getByRole('button', { name: text.takeSelfie }).waitFor();
  await expect.poll(() => page.getByText(text.simulatedCamera).count()).toBe(expectSimulated ? 1 : 0);
  // The picture is really playing before the shot.
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && v.readyState >= 2), { timeout: 10_000 }).toBe(true);
  await screenshot(page, `kyc-${label}-2-camera`);
  await page.getByRole('button', { name: text.takeSelfie }).click();
  await page.getByRole('button', { name: text.retakeSelfie }).waitFor();
  // One press saves the selfie and moves on; its success line stands above the address step.
  await page.getByRole('button', { name: text.continue }).click();
  await expect.poll(() => stepTitle.textContent(), { timeout: 20_000 }).toContain(text.stepTitles[2]);
  await page.getByText(text.selfieUploaded).waitFor();
  await screenshot(page, `kyc-${label}-3-selfie`);

  // Step 3: both address documents.
  const both = page.getByRole('button', { name: text.uploadBoth });
  expect(await both.isDisabled()).toBe(true);
  await page.getByTestId('kyc-address_utility-file').setInputFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect(await both.isDisabled()).toBe(true);
  await page.getByTestId('kyc-address_bank-file').setInputFiles({ name: 'bank-statement.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByText(text.selectionProgress(2, 2)).first().waitFor();
  await screenshot(page, `kyc-${label}-4-address`);
  if (label === 'simulated') {
    // The widest step on a phone: nothing may scroll sideways.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'kyc-375-address');
    await page.setViewportSize(size);
  }
  await both.click();
  await page.getByText(text.addressUploaded).waitFor({ timeout: 20_000 });

  // Step 4: AML. Submitted empty, every field says what it needs at once, and the first takes focus.
  await expect.poll(() => stepTitle.textContent()).toContain(text.stepTitles[3]);
  await page.getByRole('button', { name: text.completeAml }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('aml-fundsSource');
  expect(await page.locator('.ui-field__error').allTextContents()).toEqual([
    'Please select the source of funds.',
    'Please select the expected annual volume.',
    'Please enter your occupation.',
    text.declarationsRequired,
  ]);
  for (const id of ['aml-fundsSource', 'aml-annualVolume', 'aml-occupation', 'aml-declaration-pep', 'aml-declaration-funds']) {
    const field = page.locator(`#${id}`);
    expect(await field.getAttribute('aria-invalid'), id).toBe('true');
    const described = (await field.getAttribute('aria-describedby'))!.split(' ');
    const messagesOf = await Promise.all(described.map((ref) => page.locator(`[id="${ref}"]`).textContent()));
    expect(messagesOf.join(' '), id).toMatch(/Please/);
  }
  await screenshot(page, `kyc-${label}-5-aml-errors`);
  await page.getByLabel(text.fundsSource).selectOption('salary');
  await page.getByLabel(text.annualVolume).selectOption('50k-100k');
  await page.getByLabel(text.occupation).fill('Mathematician');
  await page.getByRole('button', { name: text.completeAml }).click();
  await page.locator('#aml-declarations-error', { hasText: text.declarationsRequired }).waitFor();
  expect(await page.locator('.ui-field__error').count()).toBe(1);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('aml-declaration-pep');
  for (const d of ['pep', 'sanctions', 'criminal', 'funds'] as const) await page.locator(`#aml-declaration-${d}`).check();
  await screenshot(page, `kyc-${label}-5-aml`);
  await page.getByRole('button', { name: text.completeAml }).click();

  // Step 5 after the one-second pause; then on to the agreements.
  await expect.poll(() => stepTitle.textContent(), { timeout: 10_000 }).toContain(text.stepTitles[4]);
  await page.getByText(text.verificationComplete).waitFor();
  await screenshot(page, `kyc-${label}-6-review`);
  await page.getByRole('button', { name: text.proceedToAgreements }).click();
  await page.waitForURL('**/process/agreements');
}

async function checkSummary(page: Page, investor: Investor, label: string) {
  await page.getByRole('button', { name: /KYC Verification/ }).click();
  await page.waitForURL('**/process/kyc');
  await page.getByText(text.reviewTitle).waitFor();
  await page.getByText(text.allConfirmed).waitFor();
  await screenshot(page, `kyc-${label}-7-summary`);
  const status = await apiGet<{ status: string; files: { originalName: string }[] }>('/api/kyc/status', investor.token);
  expect(status.status).toBe('UNDER_REVIEW');
  // The replaced draft is gone: only the identity document saved with Continue is the investor's.
  expect(status.files.map((f) => f.originalName).sort()).toEqual(['bank-statement.jpg', 'passport scan ü.png', 'selfie.jpg', 'utility-bill.pdf'].sort());
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /passport scan/ }).click();
  const download = await downloading;
  // The shared browser is remote: the file comes back through saveAs.
  const saved = join(mkdtempSync(join(tmpdir(), 'g2g-kyc-download-')), 'identity');
  await download.saveAs(saved);
  expect(readFileSync(saved)).toEqual(PNG);
  expect(download.suggestedFilename()).toMatch(/passport/);
}

describeE2E('KYC without a camera (simulated test camera)', () => {
  let investor: Investor;
  beforeAll(async () => {
    investor = await registerInvestor('kyc-simulated');
    await completeDisclosureViaApi(investor);
  }, 120_000);

  it('goes through the five steps to the agreements and downloads the identity document back', async () => {
    const { page, errors, close } = await newPage({ acceptDownloads: true });
    await openSignedIn(page, investor, '/process/kyc');
    await walkKyc(page, investor, 'simulated', true);
    await checkSummary(page, investor, 'simulated');
    expect(errors.filter((e) => !/40[0-9]|413|415/.test(e))).toEqual([]);
    await close();
  }, 120_000);
});

describeE2E('KYC with a (fake) camera device', () => {
  let browser: Browser;
  let investor: Investor;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    investor = await registerInvestor('kyc-camera');
    await completeDisclosureViaApi(investor);
  }, 120_000);
  afterAll(() => browser?.close());

  it('takes the selfie with getUserMedia and finishes KYC', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true, permissions: ['camera'] });
    const page = await context.newPage();
    await openSignedIn(page, investor, '/process/kyc');
    await walkKyc(page, investor, 'camera', false);
    await checkSummary(page, investor, 'camera');
    await context.close();
  }, 120_000);
});
