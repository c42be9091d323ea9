/**
 * What a first investor trips on in registration (issue 11), in the real app: a reload on the code screen keeps the
 * registration (the mailed code still finishes it); a date of birth in the future is named at its field on step 2,
 * with every other error of the step at once; a refusal the server names a field for is shown at that field, on its
 * step; 'Use a different email address' returns to the email field, focused, and forgets the kept registration.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { describeE2E, newPage, screenshot, type PageHandle } from '../harness/browser.ts';
import { codeFromOutbox, mailsTo } from '../harness/outbox.ts';
import { completeQualification, fillInvestorStep, next, startRegistration } from '../harness/registration.ts';

const wallet = `0x${'ef56'.repeat(10)}`;
const KEPT = 'g2g.pendingRegistration';

/** The message a field points at (aria-describedby), and whether it says it is invalid. */
async function fieldMessage(page: Page, id: string) {
  const field = page.locator(`#${id}`);
  const refs = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(refs.map((ref) => page.locator(`[id="${ref}"]`).textContent()));
  return { invalid: await field.getAttribute('aria-invalid'), message: texts.join(' ') };
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

const toStepTwo = (page: Page) => startRegistration(page);
const fillStepTwo = (page: Page, email: string) =>
  fillInvestorStep(page, { fullName: 'Mary Somerville', dateOfBirth: '1980-12-26', nationality: 'Scottish', email, walletAddress: wallet });
const submitStepThree = (page: Page) => completeQualification(page);

describeE2E('registration: reload, field messages, another email', () => {
  let h: PageHandle;
  beforeEach(async () => {
    h = await newPage();
  });
  afterEach(() => h.close());

  it('keeps a registration over a reload of the code screen, and the mailed code finishes it', async () => {
    const { page } = h;
    const email = `reload.${Date.now()}@example.com`;
    await toStepTwo(page);
    await fillStepTwo(page, email);
    await submitStepThree(page);
    await page.locator('#reg-code').waitFor();
    const code = await codeFromOutbox(email);

    await page.reload();
    await page.locator('#reg-code').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/register');
    await expect.poll(() => page.getByText(messages.emailCode.sentTo(`${email[0]}***@e***.com`)).count()).toBe(1);
    await screenshot(page, 'register-code-after-reload');
    await page.locator('#reg-code').fill(code);
    await page.getByRole('button', { name: messages.emailCode.verify }).click();
    await page.waitForURL('**/process/disclosure');
    // One code, one account; the tab forgets the registration once the account exists.
    expect(mailsTo(email)).toHaveLength(1);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEPT)).toBeNull();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(email);
    expect(h.errors).toEqual([]);
  });

  it('names a date of birth in the future at its field on step 2, every other error with it, the first focused', async () => {
    const { page } = h;
    await toStepTwo(page);
    await fillInvestorStep(page, { fullName: 'Mary Somerville', dateOfBirth: `${new Date().getFullYear() + 1}-03-01` }, { stay: true });
    await next(page);
    expect(await fieldMessage(page, 'reg-dateOfBirth')).toEqual({ invalid: 'true', message: messages.registration.dateOfBirthFuture });
    await expect.poll(() => focusedId(page)).toBe('reg-dateOfBirth');
    for (const id of ['reg-nationality', 'reg-email', 'reg-walletAddress']) expect((await fieldMessage(page, id)).invalid, id).toBe('true');
    await screenshot(page, 'register-2-date-of-birth-future');
    await page.locator('#reg-dateOfBirth').fill(`${new Date().getFullYear() - 12}-03-01`);
    await page.locator('#reg-dateOfBirth').blur();
    expect((await fieldMessage(page, 'reg-dateOfBirth')).message).toBe(messages.registration.dateOfBirthUnderAge);
  });

  it("shows the server's refusal of a field at that field, on the step that holds it", async () => {
    const { page } = h;
    const taken = messages.login.invalidEmail;
    await page.route('**/api/auth/register', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: taken, field: 'email' }) }),
    );
    await toStepTwo(page);
    await fillStepTwo(page, `taken.${Date.now()}@example.com`);
    await submitStepThree(page);
    await page.getByRole('heading', { name: 'Investor Information' }).waitFor();
    // Next to the field's own help, its message.
    expect(await fieldMessage(page, 'reg-email')).toEqual({ invalid: 'true', message: expect.stringMatching(new RegExp(`${taken.replace(/\./g, '\\.')}$`)) });
    await expect.poll(() => focusedId(page)).toBe('reg-email');
    await screenshot(page, 'register-2-email-refused');
  });

  it("'Use a different email address' returns to the email field on step 2, focused, and the tab forgets the registration", async () => {
    const { page } = h;
    const email = `first.${Date.now()}@example.com`;
    await toStepTwo(page);
    await fillStepTwo(page, email);
    await submitStepThree(page);
    await page.locator('#reg-code').waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEPT)).not.toBeNull();
    await page.getByRole('button', { name: messages.emailCode.changeEmail }).click();
    await page.getByRole('heading', { name: 'Investor Information' }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('reg-email');
    expect(await page.locator('#reg-email').inputValue()).toBe(email);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEPT)).toBeNull();
    // A reload now starts a new registration.
    await page.reload();
    await page.locator('#reg-amount').waitFor();
    expect(await page.locator('#reg-code').count()).toBe(0);
  });
});
