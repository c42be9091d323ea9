/**
 * Payment (issue 13), two measurements on a spawned portal (the local test card provider, crypto rates off):
 *  (a) the payment page's JavaScript: what /process/payment loads until its method cards show (every script, and the
 *      payment chunks among them), what choosing card adds, and whether Stripe.js is fetched: never with the local
 *      provider; with Stripe keys configured only after card is chosen (the browser's request to js.stripe.com is
 *      recorded and aborted: nothing leaves this machine);
 *  (b) latency per call of a card payment as PAYMENT_BENCH.investors investors make it, PAYMENT_BENCH.concurrency at
 *      a time, on PGlite and on PostgreSQL: initiate (creates the payment and its intent), a repeated initiate (the
 *      same payment answered), the test provider's confirm (pm_card_visa: the intent succeeds and the payment is
 *      applied) and confirm-stripe (the server reads the intent back; already paid: answered the same).
 * Investors register through the API (TRUST_PROXY=1 and one X-Forwarded-For address each, so the registration limits
 * per client address do not count the bench as one client), then the portal is stopped and their disclosure, KYC and
 * agreements are marked complete in the database (those steps have benchmarks and tests of their own), and the portal
 * is started again on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import { chromium, type Page, type Request } from 'playwright-core';
import { paymentAmounts, fromCents } from '../../shared/payment.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { disclosureProgress, investments, kycVerifications, legalAgreements, userDetails } from '../../server/db/schema/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { registerInvestor } from './bench-investor.ts';
import { freshPostgres, POSTGRES_UNREACHABLE } from './bench-postgres.ts';
import { kb, table } from './markdown.ts';
import { spawnPortal } from './spawn-server.ts';

export const PAYMENT_BENCH = { investors: 100, concurrency: 10 };
const FAKE_STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_benchNotARealKey0000', STRIPE_PUBLISHABLE_KEY: 'pk_test_benchNotARealKey0000', STRIPE_WEBHOOK_SECRET: 'whsec_benchNotARealSecret00' };
const CALLS = ['initiate', 'initiate (repeat)', 'test-card confirm', 'confirm-stripe'] as const;
type Call = (typeof CALLS)[number];

type BenchInvestor = { token: string; userId: string; user: Record<string, unknown>; amount: number };
export type CallLatency = { database: string; call: Call; n: number; p50: number; p99: number; max: number; errors: number };
export type PageScripts = { mode: string; atMethods: { path: string; bytes: number; gzipBytes: number }[]; addedByCard: { path: string; bytes: number; gzipBytes: number }[]; stripeBeforeCard: number; stripeAfterCard: number };
export type PaymentResult = { pages: PageScripts[]; calls: CallLatency[]; skipped: string[] };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Registers `count` investors (one client address each) and moves them to the payment step in the database. */
async function paymentInvestors(root: string, dataDir: string, env: Record<string, string>, count: number, database: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<BenchInvestor[]> {
  const portal = await spawnPortal(root, dataDir, 120_000, env);
  const investors: BenchInvestor[] = [];
  try {
    for (let i = 0; i < count; i += 10) {
      const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => i + j);
      investors.push(
        ...(await Promise.all(
          batch.map(async (n) => ({ ...(await registerInvestor(portal.url, dataDir, `pay-${n}-${Date.now()}`, { 'x-forwarded-for': `198.51.100.${(n % 250) + 1}, 10.${n >> 8}.${n & 255}.1` })), amount: 0 })),
        )),
      );
    }
  } finally {
    await portal.stop();
  }
  const opened = await openDatabase(database.kind === 'pglite' ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') } : database);
  try {
    const ids = investors.map((i) => i.userId);
    const now = new Date();
    const { db } = opened;
    await db.update(disclosureProgress).set({ completed: true, completedAt: now }).where(inArray(disclosureProgress.userId, ids));
    await db.update(kycVerifications).set({ status: 'UNDER_REVIEW', completedAt: now, currentStep: 5, finalReviewCompleted: true }).where(inArray(kycVerifications.userId, ids));
    await db.update(legalAgreements).set({ status: 'COMPLETED', completedAt: now, walletAddress: `0x${'a'.repeat(40)}` }).where(inArray(legalAgreements.userId, ids));
    await db.update(userDetails).set({ currentStep: 'payment' }).where(inArray(userDetails.userId, ids));
    const amounts = new Map((await db.select({ userId: investments.userId, amount: investments.amount }).from(investments).where(inArray(investments.userId, ids))).map((r) => [r.userId, r.amount]));
    for (const investor of investors) investor.amount = amounts.get(investor.userId) ?? 0;
  } finally {
    await opened.close();
  }
  return investors;
}

async function timed(latencies: Map<Call, number[]>, errors: Map<Call, number>, call: Call, run: () => Promise<Response>): Promise<unknown> {
  const started = performance.now();
  const response = await run();
  const body = await response.json().catch(() => null);
  latencies.get(call)!.push(performance.now() - started);
  if (!response.ok) errors.set(call, (errors.get(call) ?? 0) + 1);
  return body;
}

/** One card payment per investor, `concurrency` investors at a time; latency per call. */
async function cardPayments(baseUrl: string, investors: BenchInvestor[], databaseLabel: string): Promise<CallLatency[]> {
  const latencies = new Map<Call, number[]>(CALLS.map((c) => [c, []]));
  const errors = new Map<Call, number>();
  const post = (path: string, token: string, body: unknown) =>
    fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const queue = [...investors];
  const worker = async () => {
    for (let investor = queue.shift(); investor; investor = queue.shift()) {
      const { amountCents, feeCents, totalCents } = paymentAmounts(investor.amount, 'CARD');
      const body = { paymentMethod: 'CARD', amount: fromCents(amountCents), processingFee: fromCents(feeCents), totalAmount: fromCents(totalCents) };
      const initiated = (await timed(latencies, errors, 'initiate', () => post('/api/payment/initiate', investor.token, body))) as { stripe?: { clientSecret: string; paymentIntentId: string } } | null;
      await timed(latencies, errors, 'initiate (repeat)', () => post('/api/payment/initiate', investor.token, body));
      const intent = initiated?.stripe;
      if (!intent) continue;
      await timed(latencies, errors, 'test-card confirm', () => post('/api/payment/test-card/confirm', investor.token, { ...intent, paymentMethod: 'pm_card_visa' }));
      await timed(latencies, errors, 'confirm-stripe', () => post('/api/payment/confirm-stripe', investor.token, { paymentIntentId: intent.paymentIntentId }));
    }
  };
  await Promise.all(Array.from({ length: PAYMENT_BENCH.concurrency }, worker));
  return CALLS.map((call) => {
    const sorted = [...latencies.get(call)!].sort((a, b) => a - b);
    return { database: databaseLabel, call, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, errors: errors.get(call) ?? 0 };
  });
}

const isScript = (url: string, type: string) => /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(url).pathname);
const isStripe = (request: Request) => /(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname);

/** The scripts /process/payment loads until the method cards show, those choosing card adds, and Stripe.js requests. */
async function pageScripts(baseUrl: string, investor: BenchInvestor, mode: string): Promise<PageScripts> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page: Page = await browser.newPage();
    // Nothing leaves this machine: a request to Stripe is counted and aborted (Stripe.js then fails to load, as offline).
    let stripeRequests = 0;
    await page.route(/^https?:\/\/([^/]*\.)?stripe\.(com|network)\//, (route) => route.abort());
    page.on('request', (request) => {
      if (isStripe(request)) stripeRequests++;
    });
    let scripts: { path: string; bytes: number; gzipBytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!isScript(response.url(), response.headers()['content-type'] ?? '') || isStripe(response.request())) return;
      pending.push(response.body().then((body) => void scripts.push({ path: new URL(response.url()).pathname, bytes: body.byteLength, gzipBytes: gzipSync(body).byteLength }), () => undefined));
    });
    await page.goto(`${baseUrl}/auth/login`);
    await page.evaluate(([token, user]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('user', user);
    }, [investor.token, JSON.stringify(investor.user)] as const);
    scripts = [];
    await page.goto(`${baseUrl}/process/payment`);
    await page.getByRole('radio', { name: /Credit Card/ }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending.splice(0));
    const atMethods = scripts.sort((a, b) => a.path.localeCompare(b.path));
    const stripeBeforeCard = stripeRequests;
    scripts = [];
    await page.getByRole('radio', { name: /Credit Card/ }).check();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(pending.splice(0));
    return { mode, atMethods, addedByCard: scripts.sort((a, b) => a.path.localeCompare(b.path)), stripeBeforeCard, stripeAfterCard: stripeRequests - stripeBeforeCard };
  } finally {
    await browser.close();
  }
}

export async function measurePayment(root: string): Promise<PaymentResult> {
  const pages: PageScripts[] = [];
  const calls: CallLatency[] = [];
  const skipped: string[] = [];
  const baseEnv = { TRUST_PROXY: '1', CRYPTO_PRICE_API_URL: 'off' };

  const dataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-payment-'));
  try {
    const [pageInvestor, stripeInvestor, ...investors] = await paymentInvestors(root, dataDir, baseEnv, PAYMENT_BENCH.investors + 2, { kind: 'pglite' });
    const local = await spawnPortal(root, dataDir, 120_000, baseEnv);
    try {
      pages.push(await pageScripts(local.url, pageInvestor!, 'local test card provider'));
      calls.push(...(await cardPayments(local.url, investors, 'PGlite')));
    } finally {
      await local.stop();
    }
    const withKeys = await spawnPortal(root, dataDir, 120_000, { ...baseEnv, ...FAKE_STRIPE_KEYS });
    try {
      pages.push(await pageScripts(withKeys.url, stripeInvestor!, 'Stripe keys configured'));
    } finally {
      await withKeys.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await freshPostgres();
  if (!postgres) {
    skipped.push(`PostgreSQL: ${POSTGRES_UNREACHABLE}`);
    return { pages, calls, skipped };
  }
  const pgDataDir = mkdtempSync(join(tmpdir(), 'g2g-bench-payment-pg-'));
  try {
    const env = { ...baseEnv, DATABASE_URL: postgres.url };
    const investors = await paymentInvestors(root, pgDataDir, env, PAYMENT_BENCH.investors, { kind: 'postgres', url: postgres.url });
    const portal = await spawnPortal(root, pgDataDir, 120_000, env);
    try {
      calls.push(...(await cardPayments(portal.url, investors, 'PostgreSQL')));
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
    await postgres.drop();
  }
  return { pages, calls, skipped };
}

/** Failures that make the bench exit 1: Stripe.js fetched before card is chosen, or with the local provider; errors. */
export function paymentFailures(result: PaymentResult): string[] {
  const failures: string[] = [];
  for (const page of result.pages) {
    if (page.stripeBeforeCard > 0) failures.push(`${page.mode}: Stripe.js requested before card was chosen`);
    if (page.mode.startsWith('local') && page.stripeAfterCard > 0) failures.push('local test card provider: Stripe.js requested');
    if (!page.mode.startsWith('local') && page.stripeAfterCard === 0) failures.push('Stripe keys configured: choosing card did not request Stripe.js');
  }
  for (const call of result.calls) if (call.errors > 0) failures.push(`${call.database} ${call.call}: ${call.errors} non-2xx answers`);
  return failures;
}

const sum = (rows: { bytes: number; gzipBytes: number }[]) => rows.reduce((a, r) => ({ bytes: a.bytes + r.bytes, gzipBytes: a.gzipBytes + r.gzipBytes }), { bytes: 0, gzipBytes: 0 });
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

export function paymentSection(result: PaymentResult): string {
  const lines: string[] = [];
  const local = result.pages.find((p) => p.mode.startsWith('local'));
  if (local) {
    const total = sum(local.atMethods);
    const payment = local.atMethods.filter((s) => /payment/i.test(s.path));
    const paymentTotal = sum(payment);
    lines.push(
      `Scripts /process/payment loaded until its method cards showed (signed in, first visit): ${local.atMethods.length} files, ${kb(total.bytes)} (${kb(total.gzipBytes)} gzip); of them the payment page's own chunks:`,
      '',
      table(['script', 'bytes', 'gzip'], payment.map((s) => [s.path, kb(s.bytes), kb(s.gzipBytes)])),
      '',
      `Payment chunks together: ${kb(paymentTotal.bytes)} (${kb(paymentTotal.gzipBytes)} gzip). Choosing card added ${local.addedByCard.length} scripts (${kb(sum(local.addedByCard).bytes)}, ${kb(sum(local.addedByCard).gzipBytes)} gzip)${local.addedByCard.length ? `: ${local.addedByCard.map((s) => s.path).join(', ')}` : ''}.`,
      '',
    );
  }
  lines.push(
    table(
      ['card provider', 'Stripe.js requests before card is chosen', 'after choosing card'],
      result.pages.map((p) => [p.mode, String(p.stripeBeforeCard), String(p.stripeAfterCard)]),
    ),
    '',
    `Card payments: ${PAYMENT_BENCH.investors} investors, ${PAYMENT_BENCH.concurrency} at a time, each: initiate, initiate again, the test provider's confirm (pm_card_visa), confirm-stripe; over HTTP on loopback to a spawned portal.`,
    '',
    table(
      ['database', 'call', 'n', 'p50', 'p99', 'max', 'non-2xx'],
      result.calls.map((c) => [c.database, c.call, String(c.n), ms1(c.p50), ms1(c.p99), ms1(c.max), String(c.errors)]),
    ),
    ...(result.skipped.length ? ['', `Not measured: ${result.skipped.join('; ')}.`] : []),
    '',
  );
  return lines.join('\n');
}
