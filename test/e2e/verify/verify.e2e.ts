/**
 * The public /verify page in the real app: an investor who completed the journey (disclosure, KYC and agreements
 * through the API, paid by the local test card) downloads a sealed agreement from the downloads page in the browser;
 * a stranger (a fresh browser context, no session) drops those bytes on /verify and is told the portal issued it,
 * with its title and date; the same bytes with one byte changed, the investor's own KYC PDF and a file that is not a
 * PDF are not issued / refused. The only request body the page ever sends is `{"sha256": ...}` of what the browser
 * computed (the file never leaves the browser). /verify loads none of the investor app's script and the login page
 * none of /verify's. axe at 1280 and 375 px on each screen; screenshots under test-results/screenshots.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VERIFY_DOCUMENT_PATH, verifyWords } from '../../../src/shared/verify-document.ts';
import { completeAgreementsViaApi } from '../harness/agreements.ts';
import { axeSweep } from '../harness/axe.ts';
import { baseUrl, describeE2E, newPage, screenshot, type PageHandle } from '../harness/browser.ts';
import { PDF } from '../harness/files.ts';
import { completeDisclosureViaApi, completeKycViaApi, openSignedIn, registerInvestor, type Investor } from '../harness/investor.ts';
import { payByCard } from '../harness/money.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sweep = axeSweep();
const handles: PageHandle[] = [];
let investor: Investor;
/** The first sealed agreement as the browser downloaded it. */
let sealed: { title: string; name: string; bytes: Buffer };

/** Drops `bytes` as a file on the drop zone, as a drag from the desktop delivers it (a DataTransfer with one File). */
async function dropFile(page: Page, name: string, bytes: Buffer, type = 'application/pdf') {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([raw], name, { type }));
      return transfer;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  const zone = page.getByTestId('verify-drop');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const answer = (page: Page) => page.getByTestId('verify-answer');

/** Waits until the answer is one of the final phases and returns its text. */
async function finalAnswer(page: Page): Promise<{ phase: string; text: string }> {
  await page.locator('[data-testid="verify-answer"]:is([data-phase="issued"], [data-phase="notIssued"], [data-phase="failed"], [data-phase="refused"])').waitFor({ timeout: 20_000 });
  return { phase: (await answer(page).getAttribute('data-phase')) ?? '', text: (await answer(page).innerText()).trim() };
}

/** Every request the page makes with a body, and every script it loads. */
function watch(page: Page) {
  const bodies: { url: string; method: string; body: string | null }[] = [];
  const scripts: string[] = [];
  page.on('request', (req: Request) => {
    if (req.method() !== 'GET' && req.method() !== 'HEAD') bodies.push({ url: req.url(), method: req.method(), body: req.postData() });
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  return { bodies, scripts };
}

describeE2E('public document verification (/verify)', () => {
  beforeAll(async () => {
    investor = await registerInvestor('verify');
    await completeDisclosureViaApi(investor);
    await completeKycViaApi(investor);
    await completeAgreementsViaApi(investor);
    await payByCard(investor);
    // The investor downloads the first sealed agreement from the downloads page, in the browser.
    const h = await newPage({ acceptDownloads: true });
    handles.push(h);
    await openSignedIn(h.page, investor, '/process/downloads');
    const firstRow = h.page.locator('.downloads tbody tr').first();
    await firstRow.waitFor({ timeout: 30_000 });
    const title = (await firstRow.locator('th').innerText()).trim();
    const [download] = await Promise.all([h.page.waitForEvent('download'), firstRow.getByRole('button').click()]);
    // The browser runs remotely (one Chromium server per run): saveAs copies the download here.
    const path = join(mkdtempSync(join(tmpdir(), 'g2g-verify-')), 'sealed.pdf');
    await download.saveAs(path);
    sealed = { title, name: download.suggestedFilename(), bytes: readFileSync(path) };
    expect(sealed.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(title.length).toBeGreaterThan(0);
  }, 180_000);

  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  it('the sealed PDF dropped on /verify: issued, with its title and date; only the hash was sent', async () => {
    const h = await newPage();
    handles.push(h);
    const { page, errors } = h;
    const seen = watch(page);
    await page.goto(`${baseUrl}/verify`);
    await page.getByRole('heading', { name: verifyWords.pageTitle }).waitFor();
    await sweep.check(page, 'verify-idle');
    await dropFile(page, sealed.name, sealed.bytes);
    const { phase, text } = await finalAnswer(page);
    expect(phase).toBe('issued');
    expect(text).toMatch(new RegExp(`^This document was issued by the portal: ${sealed.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, signed on \\d{1,2} [A-Z][a-z]+ \\d{4}\\.$`));
    expect(await page.getByTestId('verify-sha256').innerText()).toBe(sha256(sealed.bytes));
    await sweep.check(page, 'verify-issued');
    // The file never left the browser: one request with a body, and that body is the hash alone.
    expect(seen.bodies).toEqual([{ url: `${baseUrl}${VERIFY_DOCUMENT_PATH}`, method: 'POST', body: JSON.stringify({ sha256: sha256(sealed.bytes) }) }]);
    // /verify's own script only: nothing of the investor app's.
    expect(seen.scripts.length).toBeGreaterThan(0);
    // Web Crypto hashed it: @noble/hashes' chunk is not even loaded.
    expect(seen.scripts.every((s) => /^\/assets\/verify-/.test(s))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the same bytes with one byte changed, chosen with the file button: not issued', async () => {
    const h = await newPage();
    handles.push(h);
    const { page, errors } = h;
    const seen = watch(page);
    await page.goto(`${baseUrl}/verify`);
    const changed = Buffer.from(sealed.bytes);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    await page.getByTestId('verify-file').setInputFiles({ name: sealed.name, mimeType: 'application/pdf', buffer: changed });
    expect(await finalAnswer(page)).toEqual({ phase: 'notIssued', text: verifyWords.notIssued });
    expect(await page.getByTestId('verify-sha256').innerText()).toBe(sha256(changed));
    await sweep.check(page, 'verify-not-issued');
    // The original chosen again on the same page: the answer follows the new file.
    await page.getByTestId('verify-file').setInputFiles({ name: sealed.name, mimeType: 'application/pdf', buffer: sealed.bytes });
    await page.locator('[data-testid="verify-answer"][data-phase="issued"]').waitFor({ timeout: 20_000 });
    expect(seen.bodies.map((b) => b.body)).toEqual([JSON.stringify({ sha256: sha256(changed) }), JSON.stringify({ sha256: sha256(sealed.bytes) })]);
    expect(errors).toEqual([]);
  });

  it('without Web Crypto (plain http on a host other than localhost): the same answer, hashed by @noble/hashes', async () => {
    const h = await newPage();
    handles.push(h);
    const { page, errors } = h;
    // What a page that is not a secure context sees: no crypto.subtle.
    await page.addInitScript(() => Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true }));
    const seen = watch(page);
    await page.goto(`${baseUrl}/verify`);
    expect(await page.evaluate(() => globalThis.crypto.subtle)).toBeUndefined();
    await page.getByTestId('verify-file').setInputFiles({ name: sealed.name, mimeType: 'application/pdf', buffer: sealed.bytes });
    expect((await finalAnswer(page)).phase).toBe('issued');
    expect(await page.getByTestId('verify-sha256').innerText()).toBe(sha256(sealed.bytes));
    expect(seen.scripts.some((s) => /^\/assets\/sha2-/.test(s))).toBe(true);
    expect(seen.bodies.map((b) => b.body)).toEqual([JSON.stringify({ sha256: sha256(sealed.bytes) })]);
    expect(errors).toEqual([]);
  });

  it("the investor's own KYC PDF (kept by the portal, but not a sealed agreement): not issued", async () => {
    const h = await newPage();
    handles.push(h);
    await h.page.goto(`${baseUrl}/verify`);
    await h.page.getByTestId('verify-file').setInputFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(await finalAnswer(h.page)).toEqual({ phase: 'notIssued', text: verifyWords.notIssued });
  });

  it('a file that is not a PDF: refused in the browser in words, nothing sent', async () => {
    const h = await newPage();
    handles.push(h);
    const seen = watch(h.page);
    await h.page.goto(`${baseUrl}/verify`);
    await h.page.getByTestId('verify-file').setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf at all') });
    expect(await finalAnswer(h.page)).toEqual({ phase: 'refused', text: verifyWords.notPdf });
    await sweep.check(h.page, 'verify-refused');
    expect(seen.bodies).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('the file input is reachable with the keyboard and named', async () => {
    const h = await newPage();
    handles.push(h);
    await h.page.goto(`${baseUrl}/verify`);
    await h.page.getByRole('heading', { name: verifyWords.pageTitle }).waitFor();
    // The header's home link, then the file input.
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    expect(await h.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    expect(await h.page.getByLabel(verifyWords.choose).count()).toBe(1);
  });

  it('the login page loads none of /verify', async () => {
    const h = await newPage();
    handles.push(h);
    const seen = watch(h.page);
    await h.page.goto(`${baseUrl}/auth/login`);
    await h.page.waitForLoadState('networkidle');
    expect(seen.scripts.length).toBeGreaterThan(0);
    expect(seen.scripts.filter((s) => /verify|sha2/.test(s))).toEqual([]);
  });

  it('screenshots at 1280 and 375 px of the issued answer', async () => {
    const h = await newPage();
    handles.push(h);
    await h.page.goto(`${baseUrl}/verify`);
    await dropFile(h.page, sealed.name, sealed.bytes);
    await finalAnswer(h.page);
    for (const width of [1280, 375]) {
      await h.page.setViewportSize({ width, height: 800 });
      await screenshot(h.page, `verify-issued-${width}`);
    }
  });

  it('axe finds no violation on any /verify screen, at 1280 and 375 px', () => {
    expect(sweep.report()).toEqual([]);
  });
});
