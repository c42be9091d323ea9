/**
 * The payment page when the server offers no card payments (NODE_ENV=production without Stripe keys: issue 26). The
 * e2e server runs in development with the local test provider, so its stripe-config answer is replaced here by the
 * one a production server without STRIPE_* gives (test/api/payment-card-not-offered.test.ts proves the server side on
 * both databases): the page shows crypto and wire only, the sentence why card is not there, the prompt, and opens
 * the wire form as usual. axe at 1280 and 375 px; screenshots under E2E_SHOTS (default /tmp/shots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { paymentPageMessages } from '../../../src/shared/messages/payment-page.ts';
import type { StripeConfigResponse } from '../../../src/shared/payment.ts';
import { completeAgreementsViaApi } from '../harness/agreements.ts';
import { axeSweep } from '../harness/axe.ts';
import { describeE2E, newPage, type PageHandle } from '../harness/browser.ts';
import { completeDisclosureViaApi, completeKycViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';

const text = { ...messages.payment, ...paymentPageMessages };
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';
const NOT_OFFERED: StripeConfigResponse = { provider: 'unavailable', publishableKey: null, testMode: false, reason: 'not-configured' };

const sweep = axeSweep();
let investor: Investor;
let handle: PageHandle | undefined;

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS, `payment-card-not-offered-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeE2E('payment without card on offer', () => {
  beforeAll(async () => {
    investor = await registerInvestor('pay-no-card');
    await completeDisclosureViaApi(investor);
    await completeKycViaApi(investor);
    await completeAgreementsViaApi(investor);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('shows crypto and wire only, says why card is unavailable, and opens the wire form', async () => {
    handle = await newPage({ viewport: { width: 1280, height: 800 } });
    const { page } = handle;
    await page.route('**/api/payment/stripe-config', (route) => route.fulfill({ json: NOT_OFFERED }));
    await openSignedIn(page, investor, '/process/payment');
    await page.getByText(text.summaryTitle).waitFor({ timeout: 30_000 });
    await page.getByText(text.cardNotOffered).waitFor();
    await page.getByText(text.chooseMethod).waitFor();
    const radios = await page.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(radios).toEqual(['CRYPTO', 'WIRE']);
    expect(await page.getByText('Credit Card').count()).toBe(0);
    await sweep.check(page, 'payment-card-not-offered');
    await shots(page, '1-choose');

    await page.getByRole('radio', { name: /Wire Transfer/ }).check();
    await page.getByText(text.bankName).waitFor({ timeout: 20_000 });
    // The sentence stays while another method is chosen; no card form ever shows.
    await page.getByText(text.cardNotOffered).waitFor();
    expect(await page.getByText(text.testMode, { exact: true }).count()).toBe(0);
    await shots(page, '2-wire');
    expect(sweep.report()).toEqual([]);
  });
});
