/**
 * Signed-in back-office pages for e2e files (issue 15). The run's first issuer admin (staff-bootstrap.ts, made by the
 * global setup) signs in over the API with its software passkey and invites a member with the roles a test needs;
 * the member's enrolment link (from the outbox) is opened in a page with a Chromium virtual authenticator, which
 * registers the passkey and signs the member in.
 *
 *   const { handle, email } = await signedInStaffPage(['compliance']);
 *   await handle.page.goto(`${staffOrigin}/admin/kyc`);
 */
import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import { SoftAuthenticator } from '../../api/support/admin-sign-in-authenticator.ts';
import { baseUrl, dataDir, newPage, readDataFile, type PageHandle } from './browser.ts';
import { mailsTo } from './outbox.ts';
import { ADMIN_KEY_FILE, E2E_ADMIN_EMAIL, enrolSecretInOutbox, localOrigin } from './staff-bootstrap.ts';

/** Where back-office pages are opened: passkeys need a host name, so localhost, not 127.0.0.1. */
export const staffOrigin = localOrigin(baseUrl);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest code mailed to `email` after `before` mails, waiting for the server's mail job. */
async function nextCode(email: string, before: number, timeoutMs = 10_000): Promise<string> {
  for (const started = Date.now(); ; await wait(50)) {
    const mails = mailsTo(email);
    const code = mails.length > before ? /code is (\d{6})\b/.exec(mails.at(-1)!.replace(/=\r?\n/g, ''))?.[1] : undefined;
    if (code) return code;
    if (Date.now() - started > timeoutMs) throw new Error(`no new code mailed to ${email}`);
  }
}

/** The newest enrolment secret for `email`, waiting for the mail. */
export async function enrolSecretFor(email: string, timeoutMs = 10_000): Promise<string> {
  for (const started = Date.now(); ; await wait(50)) {
    const secret = enrolSecretInOutbox(dataDir, email);
    if (secret) return secret;
    if (Date.now() - started > timeoutMs) throw new Error(`no enrolment link mailed to ${email}`);
  }
}

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${staffOrigin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<T>;
}

/**
 * Runs `body` while holding the run's admin sign-in lock (a file created exclusively in DATA_DIR), so two e2e files
 * running at once never sign the first admin in together: each reads "the newest code mailed to the admin" from the
 * outbox, which must be the code of its own challenge. Waits for the other file's sign-in to end (a few hundred ms).
 */
async function holdingAdminSignInLock<T>(body: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const lock = join(dataDir, 'e2e-admin-sign-in.lock');
  for (const started = Date.now(); ; await wait(50)) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - started > timeoutMs) throw new Error(`the admin sign-in lock ${lock} was held for over ${timeoutMs} ms`);
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A staff token of the run's first issuer admin: emailed code + its software passkey, over the API. */
export function adminToken(): Promise<string> {
  return holdingAdminSignInLock(signInAdmin);
}

async function signInAdmin(): Promise<string> {
  const saved = JSON.parse(readDataFile(ADMIN_KEY_FILE).toString('utf8'));
  const key = new SoftAuthenticator(staffOrigin, 'localhost', {
    privateKey: createPrivateKey({ key: saved.privateKey, format: 'jwk' }),
    publicKey: createPublicKey({ key: saved.publicKey, format: 'jwk' }),
    credentialId: Buffer.from(saved.credentialId, 'base64url'),
  });
  const before = mailsTo(E2E_ADMIN_EMAIL).length;
  const { challengeId } = await api<{ challengeId: string }>('/api/admin/auth/code', { email: E2E_ADMIN_EMAIL });
  const { options } = await api<{ options: { challenge: string } }>('/api/admin/auth/code/verify', { challengeId, code: await nextCode(E2E_ADMIN_EMAIL, before) });
  // Counter 0 (as synced passkeys answer): every file's copy of the key signs alike.
  const { token } = await api<{ token: string }>('/api/admin/auth/passkey', { challengeId, response: key.authenticate(options, { counter: 0 }) });
  return token;
}

export const uniqueStaffAddress = (label: string) => `${label}.${randomBytes(4).toString('hex')}@foundation.example`;

/** Invites a member through POST /api/admin/staff as the first admin; answers the address and the link's secret. */
export async function inviteStaff(roles: StaffRole[], displayName = 'Test Staff', email = uniqueStaffAddress('e2e')): Promise<{ email: string; secret: string }> {
  await api('/api/admin/staff', { email, displayName, roles }, await adminToken());
  return { email, secret: await enrolSecretFor(email) };
}

/** Chromium's virtual authenticator on `page` (a platform passkey with user verification), as a CDP session. */
export async function addVirtualAuthenticator(handle: PageHandle) {
  const cdp = await handle.context.newCDPSession(handle.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Opens the enrolment link and registers the passkey; the page ends signed in, in the back-office shell. */
export async function enrolInPage(page: Page, secret: string): Promise<void> {
  await page.goto(`${staffOrigin}/admin/enrol#${secret}`);
  await page.getByRole('button', { name: 'Register my passkey' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/**
 * A new page signed in to the back-office as a new member with `roles` (its passkey in the page's authenticator), or
 * as a member `invited` earlier (roles count from their invitation: a four-eyes reviewer must hold compliance before
 * the case is submitted).
 */
export async function signedInStaffPage(roles: StaffRole[], displayName = 'Test Staff', invited?: { email: string; secret: string }): Promise<{ handle: PageHandle; email: string }> {
  const { email, secret } = invited ?? (await inviteStaff(roles, displayName));
  const handle = await newPage();
  await addVirtualAuthenticator(handle);
  await enrolInPage(handle.page, secret);
  return { handle, email };
}
