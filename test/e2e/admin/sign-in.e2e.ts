/**
 * Staff sign-in end to end (issue 15), in Chromium with a virtual authenticator: a member invited through the API
 * by the run's first admin (itself from `npm run staff:invite`), the link read from the outbox, the passkey
 * registered, signed out, signed in again with the emailed code and the passkey; screenshots of sign-in and the
 * staff page at 1280 and 375 px (also copied to /tmp/shots-signin/), and axe on each screen.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { describeE2E, screenshot } from '../harness/browser.ts';
import { axeSweep } from '../harness/axe.ts';
import { mailsTo } from '../harness/outbox.ts';
import { addVirtualAuthenticator, inviteStaff, signedInStaffPage, staffOrigin } from '../harness/staff.ts';
import { newPage } from '../harness/browser.ts';
import type { Page } from 'playwright-core';

const SHOTS = '/tmp/shots-signin';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(200);
    const path = await screenshot(page, `admin-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function codeFor(email: string, before: number): Promise<string> {
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 50))) {
    const mails = mailsTo(email);
    const code = mails.length > before ? /code is (\d{6})\b/.exec(mails.at(-1)!.replace(/=\r?\n/g, ''))?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}

describeE2E('back-office sign-in', () => {
  it('enrols a passkey from the mailed link, signs out, signs in with code and passkey; the staff page; no axe violation', async () => {
    const axe = axeSweep();
    const { email, secret } = await inviteStaff(['issuer-admin', 'compliance'], 'Grace Hopper');
    const handle = await newPage({ viewport: { width: 1280, height: 800 } });
    const { page, errors } = handle;
    const { cdp, authenticatorId } = await addVirtualAuthenticator(handle);

    await page.goto(`${staffOrigin}/admin/enrol#${secret}`);
    await page.getByRole('heading', { name: 'Set up your passkey' }).waitFor();
    await page.getByText('Grace Hopper').waitFor();
    // The secret is taken out of the address bar at once.
    expect(page.url()).toBe(`${staffOrigin}/admin/enrol`);
    await shoot(page, 'enrol');
    await axe.check(page, 'admin-enrol');
    await page.getByRole('button', { name: 'Register my passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(page.url()).toBe(`${staffOrigin}/admin`);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');

    // The same link again: refused.
    const again = await newPage();
    await again.page.goto(`${staffOrigin}/admin/enrol#${secret}`);
    await again.page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await again.close();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await shoot(page, 'sign-in');
    await axe.check(page, 'admin-sign-in');

    const before = mailsTo(email).length;
    await page.getByLabel('Work email address').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('6-digit code').waitFor();
    await shoot(page, 'sign-in-code');
    await axe.check(page, 'admin-sign-in-code');
    // A wrong code first: refused, the step stays.
    const code = await codeFor(email, before);
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Use my passkey' }).waitFor();
    await shoot(page, 'sign-in-passkey');
    await axe.check(page, 'admin-sign-in-passkey');
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => page.getByText('Grace Hopper').first().isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByText(email).waitFor();
    await shoot(page, 'staff');
    await axe.check(page, 'admin-staff');

    // A reload keeps the tab's session; a token the server no longer accepts signs out.
    await page.reload();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.evaluate(() => sessionStorage.setItem('g2g.admin.token', 'x.y.z'));
    await page.reload();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();

    expect(axe.report()).toEqual([]);
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await handle.close();
  });

  it('shows each member only the pages of their roles (harness/staff.ts: a signed-in page for any roles)', async () => {
    const { handle } = await signedInStaffPage(['compliance'], 'Carl Compliance');
    const { page, errors } = handle;
    const nav = page.getByRole('navigation', { name: 'Back-office' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'KYC review', 'Statecharts', 'Audit trail']);
    // A page of another role, asked for by its address: not shown (and its calls would be refused: the role matrix).
    await page.goto(`${staffOrigin}/admin/staff`);
    await page.getByRole('heading', { name: 'Not available', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Staff', level: 1 }).count()).toBe(0);
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'KYC review', 'Statecharts', 'Audit trail']);
    expect(errors).toEqual([]);
    await handle.close();
  });
});
