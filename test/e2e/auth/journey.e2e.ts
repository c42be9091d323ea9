/**
 * The foundation journey in the real app: register (all three steps, the NDA rendered, the emailed code), land
 * on disclosure, see the session panel and registration details, log out, log in again with a code (a wrong one
 * first, then by keyboard alone); then the session edge cases. Codes are read from the server's outbox.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { baseUrl, describeE2E, newPage, screenshot, type PageHandle } from '../harness/browser.ts';
import { codeFromOutbox, mailsTo } from '../harness/outbox.ts';

const email = `ada.${Date.now()}@example.com`;
const wallet = '0x' + 'ab12'.repeat(10);

async function fillRegistration(page: Page) {
  await page.goto(`${baseUrl}/auth/register`);
  await page.locator('#reg-amount').fill('25000');
  await expect.poll(() => page.locator('#reg-tokens').inputValue()).not.toBe('');
  await screenshot(page, 'register-1-investment');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('radio', { name: /individual/i }).check();
  await page.locator('#reg-fullName').fill('Ada Lovelace');
  await page.locator('#reg-dateOfBirth').fill('1985-12-10');
  await page.locator('#reg-nationality').fill('British');
  await page.locator('#reg-email').fill(email);
  await page.locator('#reg-walletAddress').fill(wallet);
  await screenshot(page, 'register-2-investor');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.locator('#reg-primaryJurisdiction').selectOption('uk');
  // The NDA is fetched from /api/assets/nda and drawn on canvas by pdf.js.
  const canvas = page.locator('.registration__viewer canvas').first();
  await canvas.waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => canvasHasInk(page), { timeout: 20_000 }).toBe(true);
  for (const id of ['qualifiedInvestor', 'riskUnderstanding', 'financialCapacity']) await page.locator(`#reg-${id}`).check();
  await screenshot(page, 'register-3-qualification');
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** True once the first page canvas has non-white pixels (the PDF really rendered). */
function canvasHasInk(page: Page) {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('.registration__viewer canvas');
    if (!c || c.width === 0) return false;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!data) return false;
    for (let i = 0; i < data.length; i += 16) if (data[i]! < 200) return true;
    return false;
  });
}

describeE2E('investor journey: register, disclosure, logout, login', () => {
  let h: PageHandle;
  beforeAll(async () => {
    h = await newPage();
  });
  afterAll(() => h.close());

  it('registers through the three steps and the emailed code, and lands on disclosure', async () => {
    await fillRegistration(h.page);
    await h.page.getByRole('button', { name: 'Complete Registration' }).click();
    const codeField = h.page.getByLabel(messages.emailCode.label);
    await codeField.waitFor();
    expect(await codeField.getAttribute('id')).toBe('reg-code');
    // No account exists until the code is verified.
    expect(await h.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await screenshot(h.page, 'register-4-code');
    await codeField.fill(await codeFromOutbox(email, 1));
    await h.page.getByRole('button', { name: messages.emailCode.verify }).click();
    await h.page.waitForURL('**/process/disclosure');
    await expect.poll(() => h.page.getByRole('heading', { level: 1 }).textContent()).toBe('Disclosure Review');
    expect(await h.page.evaluate(() => [localStorage.getItem('authToken')?.split('.').length, JSON.parse(localStorage.getItem('user') ?? '{}').email])).toEqual([3, email]);
    await screenshot(h.page, 'process-disclosure');
  });

  it('shows the session panel with a ticking timer and the step indicator rules', async () => {
    await expect.poll(() => h.page.getByTestId('session-email').textContent()).toBe(email);
    const first = await h.page.getByTestId('session-timer').textContent();
    await expect.poll(() => h.page.getByTestId('session-timer').textContent(), { timeout: 5_000 }).not.toBe(first);
    const kyc = h.page.getByRole('button', { name: /KYC Verification/ });
    expect(await kyc.isDisabled()).toBe(true);
    expect(await kyc.getAttribute('title')).toBe('Complete previous steps first');
    await expect.poll(() => h.page.getByText('SECURE SESSION ACTIVE | Right-click disabled').count()).toBe(1);
  });

  it('opens the registration details with what was registered', async () => {
    await h.page.getByRole('button', { name: 'Registration Details' }).click();
    const dialog = h.page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Ada Lovelace').count()).toBe(1);
    expect(await dialog.getByText('€25,000').count()).toBe(1);
    expect(await dialog.getByText(wallet).count()).toBe(1);
    await screenshot(h.page, 'registration-details');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => h.page.getByRole('dialog').count()).toBe(0);
  });

  it('redirects a later step and an unknown path to the current step', async () => {
    await h.page.goto(`${baseUrl}/process/payment`);
    await h.page.waitForURL('**/process/disclosure');
    await h.page.goto(`${baseUrl}/no/such/page`);
    await h.page.waitForURL('**/process/disclosure');
    await h.page.goto(`${baseUrl}/auth/login`);
    await h.page.waitForURL('**/process/disclosure');
  });

  it('logs out to the login page and clears the stored session', async () => {
    await h.page.getByRole('button', { name: 'Logout' }).click();
    await h.page.waitForURL('**/auth/login');
    await h.page.getByRole('button', { name: 'Continue Investment Process' }).waitFor();
    expect(await h.page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user'), localStorage.getItem('userDetailsId')])).toEqual([null, null, null]);
    await screenshot(h.page, 'login');
  });

  it('logs in again with the email and a code: a wrong code is refused, then keyboard alone finishes', async () => {
    const { page } = h;
    await page.locator('#login-email').fill(email);
    // Keyboard only from here: Enter submits the email form.
    await page.locator('#login-email').press('Enter');
    const codeField = page.locator('#login-code');
    await codeField.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-code');
    const code = await codeFromOutbox(email, 2);

    await page.keyboard.type(wrongCodeFor(code));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(messages.emailCode.wrong);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await screenshot(page, 'login-code-wrong');

    // Tab away and back: the field is in the tab order and keeps working.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('login-code');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-code');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/process/disclosure');
    // Chromium reports the refused wrong code as a failed resource load; nothing else may have gone wrong.
    expect(h.errors.filter((e) => !/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/auth\/verify\)/.test(e))).toEqual([]);
  });
});

describeE2E('session edge cases', () => {
  it('shows the login messages for an empty and a malformed email, and the code step (no mail) for an unknown one', async () => {
    const { page, close } = await newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Continue Investment Process' }).click();
    await expect.poll(() => page.getByText('Please enter your email address.').count()).toBe(1);
    await page.locator('#login-email').fill('nobody@');
    await page.locator('#login-email').blur();
    await expect.poll(() => page.getByText('Please enter a valid email address.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continue Investment Process' }).isDisabled()).toBe(true);
    const nobody = `nobody.${Date.now()}@example.com`;
    await page.locator('#login-email').fill(nobody);
    await page.getByRole('button', { name: 'Continue Investment Process' }).click();
    // The same step as for a real investor: nothing tells whether an account exists.
    await page.locator('#login-code').waitFor();
    await expect.poll(() => page.getByText(messages.emailCode.sentTo('n***@e***.com')).count()).toBe(1);
    await page.locator('#login-code').fill('123456');
    await page.getByRole('button', { name: messages.emailCode.verify }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(messages.emailCode.wrong);
    expect(mailsTo(nobody)).toEqual([]);
    await screenshot(page, 'login-unknown-email');
    await close();
  });

  it('sends an expired stored token to login and clears storage', async () => {
    const { page, close } = await newPage();
    await page.goto(`${baseUrl}/auth/login`);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
    await page.evaluate(([t]) => {
      localStorage.setItem('authToken', t!);
      localStorage.setItem('user', JSON.stringify({ userId: 'x', userDetailsId: 'y', email: 'x@example.com', investmentAmount: 1 }));
    }, [expired]);
    await page.goto(`${baseUrl}/process/disclosure`);
    await page.waitForURL('**/auth/login');
    await page.getByRole('button', { name: 'Continue Investment Process' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await close();
  });

  it('answers a forged token with a reload to login and "Session expired. Please log in again."', async () => {
    const { page, close } = await newPage();
    await page.goto(`${baseUrl}/auth/login`);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 600, jti: 'forged' })}.c2ln`;
    await page.evaluate(([t]) => {
      localStorage.setItem('authToken', t!);
      localStorage.setItem('user', JSON.stringify({ userId: 'x', userDetailsId: 'y', email: 'x@example.com', investmentAmount: 1 }));
    }, [forged]);
    await page.goto(`${baseUrl}/`);
    // The 401 reloads the page: until the reloaded login page is up, a read may meet the old page or a navigation
    // (which throws), so the three observations are made together and retried until all hold at once.
    const settled = async () => ({
      path: new URL(page.url()).pathname,
      alert: await page.getByRole('alert').first().textContent({ timeout: 500 }).catch(() => null),
      token: await page.evaluate(() => localStorage.getItem('authToken')).catch(() => 'page navigating'),
    });
    await expect
      .poll(settled, { timeout: 15_000 })
      .toEqual({ path: '/auth/login', alert: expect.stringContaining('Session expired. Please log in again.'), token: null });
    await screenshot(page, 'login-session-expired');
    await close();
  });

  it('shows the registration wizard and login at 375 px', async () => {
    const { page, close } = await newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Continue Investment Process' }).waitFor();
    await screenshot(page, 'mobile-login');
    await page.getByRole('button', { name: 'Start Your Investment Journey' }).click();
    await page.waitForURL('**/auth/register');
    await page.locator('#reg-amount').waitFor();
    await screenshot(page, 'mobile-register-1');
    await close();
  });
});
