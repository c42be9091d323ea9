/**
 * After the last step (issue 28), in Chromium: the investor follows their money and tokens on the status page (the
 * complete page grown), while staff act over the staff API.
 *   W wires: the page says it waits for the money and shows the bank details and QR again; finance records part of
 *     it -> "Check for updates" shows it on hold with what is still due (and the details for the rest); the rest ->
 *     paid; compliance approves and finance issues the tokens -> the transaction hash. W's emails link to the page.
 *     W downloads the sealed statement; a stranger drops it on /verify: issued, sealed on its date.
 *   R pays by card; compliance rejects R's verification; finance refunds -> R, signing in, lands on the status page,
 *     which says the payment was returned (amount and date) and no tokens will be issued.
 * Screenshots at 1280 and 375 px of each state (copied to /tmp/shots-status/) and axe on each; no console errors.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STATEMENT_FILE_NAME, STATEMENT_TITLE } from '../../../src/shared/investment-statement.ts';
import { investmentStatusWords as words } from '../../../src/shared/messages/investment-status-page.ts';
import { completeAgreementsViaApi } from '../harness/agreements.ts';
import { axeSweep } from '../harness/axe.ts';
import { baseUrl, describeE2E, newPage, screenshot, type PageHandle } from '../harness/browser.ts';
import { completeDisclosureViaApi, completeKycViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';
import { decideKyc, payByCard, payByWire, staffApiToken, staffPost } from '../harness/money.ts';
import { mailsTo } from '../harness/outbox.ts';

const SHOTS = '/tmp/shots-status';
const HASH = `0x${'4c'.repeat(32)}`;
const axe = axeSweep();
const handles: PageHandle[] = [];
let finance: string;
let compliance: string;
const people = {} as Record<'wire' | 'card', Investor>;
let wire: { paymentId: string; reference: string; total: number };
let card: { paymentId: string; total: number };

const euros = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
const today = () => new Date().toISOString().slice(0, 10);

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const path = await screenshot(page, `status-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const headline = (page: Page) => page.locator('.status-headline');
/** The value next to `term` in one of the page's fact lists. */
const fact = (page: Page, section: string, term: string) =>
  page.getByRole('region', { name: section }).locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function checkForUpdates(page: Page, expected: string) {
  await page.getByRole('button', { name: words.checkAgain }).click();
  await expect.poll(() => headline(page).textContent(), { timeout: 15_000 }).toBe(expected);
}

const receipt = (amount: number, reference: string) =>
  staffPost(`/api/admin/payments/${wire.paymentId}/receipts`, finance, { requestId: randomUUID(), amount, receivedOn: today(), reference });

describeE2E('the investment status page', () => {
  beforeAll(async () => {
    await Promise.all(
      (['wire', 'card'] as const).map(async (key) => {
        const investor = await registerInvestor(`status-${key}`);
        await completeDisclosureViaApi(investor);
        await completeKycViaApi(investor);
        await completeAgreementsViaApi(investor);
        people[key] = investor;
      }),
    );
    wire = await payByWire(people.wire);
    card = await payByCard(people.card);
    [finance, compliance] = await Promise.all([staffApiToken(['finance'], 'Fiona Finance'), staffApiToken(['compliance'], 'Carla Compliance')]);
  }, 180_000);
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  it('a wire: awaiting, part received (on hold, what is still due), the rest (paid), the tokens issued with their hash', { timeout: 120_000 }, async () => {
    const h = await newPage({ acceptDownloads: true });
    handles.push(h);
    const { page, errors } = h;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, people.wire, '/');
    // The current step after a wire declared sent is the last page: the status.
    await page.waitForURL(`${baseUrl}/process/complete`);
    await expect.poll(() => headline(page).textContent(), { timeout: 20_000 }).toBe('We are waiting for your payment to arrive.');
    expect(await fact(page, words.paymentHeading, words.statusLabel).textContent()).toBe(words.stage.awaitingFunds);
    await page.getByText(words.transferHeading(euros(wire.total))).waitFor();
    expect(await page.getByRole('img', { name: words.qrAlt }).count()).toBe(1);
    await page.getByText(wire.reference).first().waitFor();
    await shoot(page, 'wire-awaiting');
    await axe.check(page, 'status-wire-awaiting');

    await receipt(20_000, 'BANK-S-0001');
    const due = wire.total - 20_000;
    await checkForUpdates(page, `We received part of your payment: ${euros(due)} is still due.`);
    expect(await fact(page, words.paymentHeading, words.statusLabel).textContent()).toBe(words.stage.onHold);
    expect(await fact(page, words.paymentHeading, words.stillDue).textContent()).toBe(euros(due));
    await page.getByText(words.hold.underpaid(euros(due))).waitFor();
    await page.getByText(words.transferHeading(euros(due))).waitFor();
    await shoot(page, 'wire-on-hold');
    await axe.check(page, 'status-wire-on-hold');

    await receipt(due, 'BANK-S-0002');
    await checkForUpdates(page, 'Your payment was received. Your identity verification is under review.');
    expect(await fact(page, words.paymentHeading, words.statusLabel).textContent()).toBe(words.stage.paid);
    expect(await page.getByRole('img', { name: words.qrAlt }).count()).toBe(0);

    expect(await decideKyc(compliance, people.wire.user.userId, 'APPROVED')).toMatchObject({ status: 'APPROVED' });
    await staffPost(`/api/admin/investors/${people.wire.user.userId}/issuance`, finance, { requestId: randomUUID(), transactionHash: HASH });
    await checkForUpdates(page, 'Your tokens were issued to your wallet.');
    expect(await fact(page, words.tokensHeading, words.transaction).textContent()).toContain(HASH);
    const timeline = await page.locator('.status-timeline li span').allTextContents();
    expect(timeline).toEqual(expect.arrayContaining([`The foundation received ${euros(20_000)} of your payment.`, 'The foundation approved your identity verification.', 'Your tokens were sent to your wallet.']));
    // Staff stay unnamed.
    expect(await page.locator('.complete').textContent()).not.toMatch(/Fiona|Carla/);
    await shoot(page, 'wire-issued');
    await axe.check(page, 'status-wire-issued');

    // Each email of the case links to this page.
    const mails = mailsTo(people.wire.email).filter((m) => /Subject: G2G: (payment received|your payment is on hold|your tokens have been issued)/.test(m));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expect(mail).toMatch(/\/process\/complete/);

    // The sealed statement, downloaded here and checked by a stranger at /verify.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download: ${words.statement}` }).click()]);
    expect(download.suggestedFilename()).toBe(STATEMENT_FILE_NAME);
    const path = join(mkdtempSync(join(tmpdir(), 'g2g-statement-')), 'statement.pdf');
    await download.saveAs(path);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const stranger = await newPage();
    handles.push(stranger);
    await stranger.page.goto(`${baseUrl}/verify`);
    await stranger.page.getByTestId('verify-file').setInputFiles({ name: STATEMENT_FILE_NAME, mimeType: 'application/pdf', buffer: bytes });
    const answer = stranger.page.locator('[data-testid="verify-answer"][data-phase="issued"]');
    await answer.waitFor({ timeout: 20_000 });
    expect(await answer.innerText()).toMatch(new RegExp(`This document was issued by the portal: ${STATEMENT_TITLE}, sealed on \\d{1,2} [A-Z][a-z]+ \\d{4}\\.`));
    expect(await stranger.page.getByTestId('verify-sha256').innerText()).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect([...errors, ...stranger.errors]).toEqual([]);
  });

  it('a card paid, the verification rejected, the money returned: the investor lands on the status page and reads it', { timeout: 90_000 }, async () => {
    expect(await decideKyc(compliance, people.card.user.userId, 'REJECTED', 'The identity document is not genuine.')).toMatchObject({ status: 'REJECTED' });
    await staffPost(`/api/admin/payments/${card.paymentId}/refund`, finance, { requestId: randomUUID(), reason: 'KYC rejected' });
    const h = await newPage();
    handles.push(h);
    const { page, errors } = h;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, people.card, '/');
    await page.waitForURL(`${baseUrl}/process/complete`);
    await expect.poll(() => headline(page).textContent(), { timeout: 20_000 }).toBe('Your identity verification was not approved; your payment was returned to you.');
    await page.getByText(new RegExp(`^${euros(card.total).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} returned by card on `)).waitFor();
    await page.getByText(words.tokensNone).waitFor();
    expect(await page.getByText('Congratulations!').count()).toBe(0);
    expect(await page.getByText('What happens next').count()).toBe(0);
    expect(await page.getByRole('button', { name: words.payAgain }).count()).toBe(0);
    await shoot(page, 'card-refunded');
    await axe.check(page, 'status-card-refunded');
    expect(errors).toEqual([]);
  });

  it('no accessibility violations on any of its screens, at 1280 and 375 px', () => {
    expect(axe.report()).toEqual([]);
  });
});
