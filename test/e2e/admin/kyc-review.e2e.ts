/**
 * The KYC review and the issuer content in the real back-office (issue 15), in Chromium. Investors are built through
 * the API to KYC UNDER_REVIEW (registration, disclosure, the four KYC steps, completion); staff pages are signed in
 * with a virtual authenticator (harness/staff.ts). Proves:
 *   1. compliance finds an investor in the queue, reads the case (registration, AML answers, a document inline), takes
 *      it and writes an internal note (issue 29; an empty note is refused in the page), and approves: the case says approved, the investor's GET /api/kyc/status says APPROVED, the investor is emailed;
 *   2. four-eyes above the threshold: one approval keeps the case under review, the same reviewer sees the
 *      "waiting for a second reviewer" notice instead of the form, a reviewer given compliance after the submission is refused (its words
 *      shown, issue 26), a second reviewer who held compliance before the submission approves;
 *   3. a resubmission of the identity step with a message: the investor sees the message on the KYC page, uploads a
 *      new identity document, submits again, and the case is back in the queue in round 2;
 *   4. the reviewer aids (issue 30): a made-up investor on the demo sanctions list with a specimen passport: the
 *      zone read and compared, the hit, the high risk and its checklist; the hit marked false positive, the score follows;
 *      an auditor reads a case without a decision form;
 *   5. an issuer admin replaces a disclosure section's PDF on /admin/content and the new SHA-256 shows (the original
 *      document is put back afterwards through the API, so later files see the run's content).
 * Screenshots at 1280 and 375 px (test-results/screenshots/ and /tmp/shots-kyc/), axe on every admin screen visited.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kycReviewMails, kycReviewMessages } from '../../../src/shared/admin/kyc-messages.ts';
import { KYC_RESUBMISSION_TEXT } from '../../../src/shared/kyc.ts';
import { messages } from '../../../src/shared/messages.ts';
import { tokensFor } from '../../../src/shared/registration.ts';
import type { AuthResponse, CodeChallenge } from '../../../src/shared/auth.ts';
import { axeSweep } from '../harness/axe.ts';
import { baseUrl, describeE2E, screenshot } from '../harness/browser.ts';
import { PNG } from '../harness/files.ts';
import { apiGet, completeDisclosureViaApi, completeKycViaApi, openSignedIn, type Investor } from '../harness/investor.ts';
import { newPage } from '../harness/browser.ts';
import { codeFromOutbox, mailsTo } from '../harness/outbox.ts';
import { adminToken, inviteStaff, signedInStaffPage, staffOrigin } from '../harness/staff.ts';
import { drawSpecimenId, type SpecimenPerson } from '../../../src/server/checks/mrz/specimen-id.ts';

const SHOTS = '/tmp/shots-kyc';
const axe = axeSweep();

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const path = await screenshot(page, `admin-kyc-${name}-${width}`);
    copyFileSync(path, join(SHOTS, basename(path)));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const post = async <T,>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A registered investor with its own name and amount (harness/investor.ts registers everyone as Grace Hopper, 25 000 EUR). */
async function register(fullName: string, investmentAmount: number, dateOfBirth = '1985-03-14'): Promise<Investor> {
  const limits = await (await fetch(`${baseUrl}/api/settings/investment-limits`)).json() as { tokenPrice: number; maxInvestment: number };
  if (investmentAmount > limits.maxInvestment) throw new Error(`${investmentAmount} is above the run's maximum ${limits.maxInvestment}`);
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const challenge = await post<CodeChallenge>('/api/auth/register', {
    email,
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, limits.tokenPrice),
    investorType: 'individual',
    fullName,
    dateOfBirth,
    nationality: 'British',
    walletAddress: `0x${'ab12'.repeat(10)}`,
    primaryJurisdiction: 'uk',
  });
  const auth = await post<AuthResponse>('/api/auth/verify', { challengeId: challenge.challengeId, code: await codeFromOutbox(email) });
  return { ...auth, email };
}

async function underReview(fullName: string, amount: number, person?: { dateOfBirth: string; id: Parameters<typeof completeKycViaApi>[1] }): Promise<Investor> {
  const investor = await register(fullName, amount, person?.dateOfBirth);
  await completeDisclosureViaApi(investor);
  await completeKycViaApi(investor, person?.id);
  return investor;
}

/**
 * A made-up investor named on the demo screening list (sanctions), with a specimen passport of theirs (generated:
 * src/server/checks/mrz/specimen-id.ts): the reviewer aids find a hit and read the passport's zone.
 */
const LISTED: SpecimenPerson = { surname: 'SANCTIONOV', givenNames: 'VIKTOR TESTOVICH', documentNumber: 'X7Q412908', nationality: 'GBR', issuingState: 'GBR', dateOfBirth: '1970-03-02', sex: 'M', expiryDate: '2031-05-05' };
const listedPassport = () => {
  const { bytes } = drawSpecimenId(LISTED, 'TD3');
  return { name: 'passport-viktor.png', bytes: Buffer.from(bytes), type: 'image/png' as const };
};

const kycStatus = (investor: Investor) => apiGet<{ status: string; resubmission: { message: string } | null }>('/api/kyc/status', investor.token);

/** Opens the queue, searches for `investor` and opens its case. */
async function openCase(page: Page, investor: Investor, name: string) {
  await page.goto(`${staffOrigin}/admin/kyc`);
  await page.getByRole('heading', { name: 'KYC review queue' }).waitFor();
  await page.getByLabel('Name or email').fill(investor.email);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('listitem').filter({ hasText: investor.email });
  await expect.poll(() => page.locator('.kyc-review__rows > li').count()).toBe(1);
  await row.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

async function decide(page: Page, label: 'Approve' | 'Reject' | 'Request resubmission') {
  await page.getByRole('radio', { name: label }).check();
  await page.getByRole('button', { name: 'Submit decision' }).click();
}

const AMOUNT = 25_000;
const FOUR_EYES_AMOUNT = 150_000;
let alice: Investor, bruno: Investor, chloe: Investor, dmitri: Investor, viktor: Investor;
/** Bruno's two reviewers, invited before his case is submitted (four-eyes counts compliance held since before). */
let reviewers: { email: string; secret: string }[];

describeE2E('back-office KYC review and content', () => {
  beforeAll(async () => {
    reviewers = [await inviteStaff(['compliance'], 'First Reviewer'), await inviteStaff(['compliance'], 'Second Reviewer')];
    // In parallel: each waits the disclosure's real reading seconds.
    [alice, bruno, chloe, dmitri, viktor] = await Promise.all([
      underReview('Alice Approved', AMOUNT),
      underReview('Bruno Bigticket', FOUR_EYES_AMOUNT),
      underReview('Chloe Correction', AMOUNT),
      underReview('Dmitri Audited', AMOUNT),
      underReview('Viktor Testovich Sanctionov', AMOUNT, { dateOfBirth: LISTED.dateOfBirth, id: listedPassport() }),
    ]);
  });

  afterAll(() => {
    // Every admin screen the file visited, at both widths.
    expect(axe.report()).toEqual([]);
  });

  it('compliance finds a case in the queue, reads it, opens a document inline and approves; the investor is approved and emailed', { timeout: 150_000 }, async () => {
    const { handle } = await signedInStaffPage(['compliance'], 'Carla Compliance');
    const { page, errors } = handle;
    await page.goto(`${staffOrigin}/admin/kyc`);
    await page.getByRole('heading', { name: 'KYC review queue' }).waitFor();
    await page.getByRole('link', { name: 'Alice Approved' }).waitFor();
    await shoot(page, 'queue');
    await axe.check(page, 'admin-kyc-queue');

    await openCase(page, alice, 'Alice Approved');
    await page.getByText('Under Review', { exact: true }).waitFor();
    const registration = page.getByRole('region', { name: 'Registration' });
    await registration.getByText(alice.email).waitFor();
    await registration.getByText('1985-03-14').waitFor();
    await registration.getByText('British').waitFor();
    const aml = page.getByRole('region', { name: 'AML answers' });
    await aml.getByText('Engineer').waitFor();
    await aml.getByText('All four confirmed').waitFor();
    // The identity document (a PNG) inline, then the utility bill (a PDF) in the viewer.
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('listitem').filter({ hasText: 'passport.png' }).getByRole('button', { name: 'View', exact: true }).click();
    const image = page.getByRole('img', { name: 'Document passport.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await documents.getByRole('listitem').filter({ hasText: 'utility-bill.pdf' }).getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('button', { name: 'Close document' }).waitFor();
    await expect.poll(() => page.locator('.kyc-case__panes canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.kyc-case__panes').innerText()).not.toMatch(/Failed to load/);
    await shoot(page, 'case');
    await axe.check(page, 'admin-kyc-case');

    // The ID beside the selfie (issue 29), each zoomed and turned on its own; the selfie at a size a person can judge.
    await documents.getByRole('button', { name: 'Compare the ID with the selfie' }).click();
    const id = page.getByRole('img', { name: 'Document passport.png' });
    const selfie = page.getByRole('img', { name: 'Document selfie.jpg' });
    await id.waitFor();
    await selfie.waitFor();
    const panes = page.locator('.kyc-case__pane');
    await expect.poll(() => panes.count()).toBe(2);
    const [left, right] = [await panes.nth(0).boundingBox(), await panes.nth(1).boundingBox()];
    expect(left!.y).toBe(right!.y); // side by side at 1280 px
    expect((await selfie.boundingBox())!.width).toBeGreaterThanOrEqual(320);
    await panes.nth(1).getByRole('button', { name: 'Zoom in' }).click();
    await panes.nth(1).getByText('150%').waitFor();
    await panes.nth(0).getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => id.evaluate((img) => getComputedStyle(img).transform)).not.toBe('none');
    await shoot(page, 'case-compare');
    await axe.check(page, 'admin-kyc-case-compare');

    // Case work (issue 29): Carla takes the case and writes an internal note; the queue says who holds it.
    const holder = page.getByRole('region', { name: 'Who holds this case' });
    await holder.getByText('Nobody holds this case.').waitFor();
    await holder.getByRole('button', { name: 'Take this case' }).click();
    await holder.getByText(/^You hold this case since /).waitFor();
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByRole('alert').filter({ hasText: 'Please write the note first.' }).waitFor();
    await notes.getByLabel('Note', { exact: true }).fill('Passport and selfie match; the utility bill is recent.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Passport and selfie match; the utility bill is recent.').waitFor();
    await notes.getByText(/^Carla Compliance · /).waitFor();
    expect(await notes.getByLabel('Note', { exact: true }).inputValue()).toBe('');
    await shoot(page, 'case-held-noted');
    await axe.check(page, 'admin-kyc-case-held-noted');

    const mailsBefore = mailsTo(alice.email).length;
    await decide(page, 'Approve');
    await page.getByRole('status').filter({ hasText: 'Verification approved. The investor has been emailed.' }).waitFor();
    await page.locator('.kyc-case__status').filter({ hasText: 'Verification Approved' }).waitFor();
    await page.getByText('This case is not awaiting a decision.').waitFor();
    await page.getByRole('region', { name: 'Review history' }).getByText(/Round 1: Approved by Carla Compliance/).waitFor();
    await shoot(page, 'case-approved');
    await axe.check(page, 'admin-kyc-case-approved');

    expect((await kycStatus(alice)).status).toBe('APPROVED');
    await expect.poll(() => mailsTo(alice.email).length, { timeout: 10_000 }).toBe(mailsBefore + 1);
    expect(mailsTo(alice.email).at(-1)).toContain(`Subject: ${kycReviewMails.approved().subject}`);
    // Decided cases leave the queue.
    await page.goto(`${staffOrigin}/admin/kyc`);
    await page.getByRole('link', { name: 'Bruno Bigticket' }).waitFor();
    expect(await page.getByRole('link', { name: 'Alice Approved' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await handle.close();
  });

  it('four-eyes: above the threshold one approval keeps the case under review, the same reviewer cannot approve again, a second reviewer approves', { timeout: 150_000 }, async () => {
    const first = await signedInStaffPage(['compliance'], 'First Reviewer', reviewers[0]);
    const { page } = first.handle;
    await openCase(page, bruno, 'Bruno Bigticket');
    await page.getByRole('region', { name: 'Review history' }).getByText(/two different reviewers must approve\. Approvals this round: none\./).waitFor();
    await decide(page, 'Approve');
    await page.getByRole('status').filter({ hasText: 'First approval recorded. A different reviewer must approve as well.' }).waitFor();
    await page.locator('.kyc-case__status').filter({ hasText: 'Under Review' }).waitFor();
    await page.getByRole('region', { name: 'Review history' }).getByText(/Approvals this round: First Reviewer\./).waitFor();
    expect((await kycStatus(bruno)).status).toBe('UNDER_REVIEW');
    await shoot(page, 'case-first-approval');
    await axe.check(page, 'admin-kyc-case-first-approval');

    // The same member again: the form gives way to the four-eyes notice (the server would refuse a second approval).
    await page.getByText('You gave this round’s first approval. The case is waiting for a second reviewer.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit decision' }).count()).toBe(0);
    await shoot(page, 'case-same-reviewer');
    await axe.check(page, 'admin-kyc-case-same-reviewer');
    expect((await kycStatus(bruno)).status).toBe('UNDER_REVIEW');
    // The queue says one of two.
    await page.goto(`${staffOrigin}/admin/kyc`);
    await page.getByRole('listitem').filter({ hasText: bruno.email }).getByText('four-eyes: 1 of 2 approvals').waitFor();

    // A reviewer given compliance only now, after the case was submitted: refused with the reason (issue 26).
    const late = await signedInStaffPage(['compliance'], 'Late Reviewer');
    await openCase(late.handle.page, bruno, 'Bruno Bigticket');
    await decide(late.handle.page, 'Approve');
    await late.handle.page.getByRole('alert').filter({ hasText: kycReviewMessages.complianceAfterSubmission }).waitFor();
    await shoot(late.handle.page, 'case-late-reviewer');
    await axe.check(late.handle.page, 'admin-kyc-case-late-reviewer');
    expect((await kycStatus(bruno)).status).toBe('UNDER_REVIEW');
    expect(late.handle.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await late.handle.close();

    const second = await signedInStaffPage(['compliance'], 'Second Reviewer', reviewers[1]);
    await openCase(second.handle.page, bruno, 'Bruno Bigticket');
    await decide(second.handle.page, 'Approve');
    await second.handle.page.getByRole('status').filter({ hasText: 'Verification approved. The investor has been emailed.' }).waitFor();
    await second.handle.page.locator('.kyc-case__status').filter({ hasText: 'Verification Approved' }).waitFor();
    const history = second.handle.page.getByRole('region', { name: 'Review history' });
    await history.getByText(/Round 1: Approved by First Reviewer/).waitFor();
    await history.getByText(/Round 1: Approved by Second Reviewer/).waitFor();
    expect((await kycStatus(bruno)).status).toBe('APPROVED');
    expect(first.handle.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(second.handle.errors).toEqual([]);
    await first.handle.close();
    await second.handle.close();
  });

  it('resubmission: the investor reads the message on the KYC page, uploads a new identity document and submits; the case is back in round 2', { timeout: 150_000 }, async () => {
    const message = 'The passport photo is blurred. Please upload a sharp scan of the photo page.';
    const { handle } = await signedInStaffPage(['compliance'], 'Rita Resubmit');
    const { page, errors } = handle;
    await openCase(page, chloe, 'Chloe Correction');
    await page.getByRole('radio', { name: 'Request resubmission' }).check();
    await page.getByRole('checkbox', { name: 'Identity document' }).check();
    await page.getByLabel('Message to the investor').fill(message);
    await shoot(page, 'case-resubmission-form');
    await axe.check(page, 'admin-kyc-case-resubmission-form');
    await page.getByRole('button', { name: 'Submit decision' }).click();
    await page.getByRole('status').filter({ hasText: 'Resubmission requested. The investor has been emailed your message.' }).waitFor();
    await page.locator('.kyc-case__status').filter({ hasText: 'Resubmission Requested' }).waitFor();
    await page.getByRole('region', { name: 'Resubmission requested' }).getByText(message).waitFor();
    const status = await kycStatus(chloe);
    expect(status.status).toBe('RESUBMISSION_REQUESTED');
    expect(status.resubmission?.message).toBe(message);
    await expect.poll(() => mailsTo(chloe.email).some((m) => m.includes(`Subject: ${kycReviewMails.resubmission(message, []).subject}`)), { timeout: 10_000 }).toBe(true);

    // The investor's side.
    const investor = await newPage({ viewport: { width: 1280, height: 800 } });
    await openSignedIn(investor.page, chloe, '/process/kyc');
    const notice = investor.page.getByRole('region', { name: KYC_RESUBMISSION_TEXT.title });
    await notice.getByText(message).waitFor({ timeout: 20_000 });
    await notice.getByText('Identity document').waitFor();
    await shoot(investor.page, 'investor-resubmission');
    await axe.check(investor.page, 'investor-kyc-resubmission');
    const identity = investor.page.getByTestId('kyc-identity-file');
    await identity.setInputFiles({ name: 'passport-sharp.png', mimeType: 'image/png', buffer: PNG });
    await investor.page.getByText(messages.kyc.identityStored('passport-sharp.png')).waitFor({ timeout: 20_000 });
    await investor.page.getByRole('button', { name: KYC_RESUBMISSION_TEXT.saveAndContinue }).click();
    await investor.page.getByText(messages.kyc.verificationComplete).waitFor({ timeout: 10_000 });
    await investor.page.getByRole('button', { name: messages.kyc.proceedToAgreements }).click();
    await expect.poll(() => kycStatus(chloe).then((s) => s.status), { timeout: 10_000 }).toBe('UNDER_REVIEW');
    expect(investor.errors).toEqual([]);
    await investor.close();

    // Back in the queue, round 2, the new document beside the replaced one.
    await page.goto(`${staffOrigin}/admin/kyc`);
    await page.getByRole('listitem').filter({ hasText: chloe.email }).getByText(/Round 2/).waitFor();
    await openCase(page, chloe, 'Chloe Correction');
    await page.getByText(/^Under Review · round 2/).waitFor();
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByText(/passport-sharp\.png/).waitFor();
    await documents.locator('.kyc-case__document--replaced').filter({ hasText: 'passport.png' }).waitFor();
    await page.getByRole('button', { name: 'Submit decision' }).waitFor();
    await shoot(page, 'case-round-2');
    await axe.check(page, 'admin-kyc-case-round-2');
    expect(errors).toEqual([]);
    await handle.close();
  });

  it('the reviewer aids: the passport’s zone read and compared, a sanctions hit making the case high risk with its checklist; the hit marked, the score follows', { timeout: 150_000 }, async () => {
    const { handle } = await signedInStaffPage(['compliance'], 'Sasha Screening');
    const { page, errors } = handle;
    await openCase(page, viktor, 'Viktor Testovich Sanctionov');
    const aids = page.getByRole('region', { name: 'Reviewer aids' });
    // The checks ran as jobs right after the submission; the page asks again every 5 s until they are all there.
    const mrz = aids.getByRole('group', { name: 'Identity document (machine-readable zone)' });
    await mrz.getByRole('img', { name: 'The machine-readable zone as read' }).waitFor({ timeout: 30_000 });
    expect(await mrz.getByRole('region', { name: 'The zone’s lines as read' }).innerText()).toContain('SANCTIONOV<<VIKTOR<TESTOVICH');
    await mrz.getByText('Check digits: all valid').waitFor();
    const risk = aids.getByRole('group', { name: 'Risk score' });
    await risk.getByText(/A sanctions list names someone like the investor/).waitFor({ timeout: 30_000 });
    const edd = aids.getByRole('group', { name: 'Enhanced due diligence' });
    await edd.getByRole('checkbox').first().waitFor();
    expect(await edd.getByRole('checkbox').count()).toBe(5);
    await shoot(page, 'reviewer-aids');
    await axe.check(page, 'admin-kyc-reviewer-aids');

    // Approving is refused until the checklist is done (the page says why before anything is sent).
    await page.getByText('Complete the enhanced due diligence checklist before approving: this case is scored high risk.').waitFor();
    // The hit is someone else: marked with a reason; the score drops the rule at once.
    await aids.getByRole('button', { name: 'Mark this hit: Viktor Testovich Sanctionov' }).click();
    const form = aids.getByRole('form', { name: 'Decision on the hit Viktor Testovich Sanctionov' });
    await form.getByRole('button', { name: 'Save the decision on this hit' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByRole('radio', { name: 'False positive' }).check();
    await form.getByLabel('Reason').fill('Another person: the passport names another place of birth.');
    await form.getByRole('button', { name: 'Save the decision on this hit' }).click();
    await aids.getByText('Another person: the passport names another place of birth.').waitFor();
    await expect.poll(() => risk.getByText(/A sanctions list names someone like the investor/).count()).toBe(0);
    await shoot(page, 'reviewer-aids-marked');
    await axe.check(page, 'admin-kyc-reviewer-aids-marked');
    expect(errors).toEqual([]);
    await handle.close();
  });

  it('an auditor reads a case without a decision form', { timeout: 150_000 }, async () => {
    const { handle } = await signedInStaffPage(['auditor'], 'Aude Auditor');
    const { page, errors } = handle;
    await openCase(page, dmitri, 'Dmitri Audited');
    await page.getByRole('region', { name: 'AML answers' }).getByText('Engineer').waitFor();
    await page.getByText('Read only: your role does not decide cases.').waitFor();
    // The disclosure reading record in the reviewer's units (seconds under a minute).
    await expect.poll(() => page.getByRole('region', { name: 'Disclosure reading' }).getByText(/opened .*, \d+ s read$/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Submit decision' }).count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await shoot(page, 'case-auditor');
    await axe.check(page, 'admin-kyc-case-auditor');
    // The server agrees: an auditor's decision is refused.
    const res = await fetch(`${staffOrigin}/api/admin/kyc/cases/${dmitri.user.userId}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('g2g.admin.token'))}` },
      body: JSON.stringify({ decision: 'APPROVED', expectedRound: 1 }),
    });
    expect(res.status).toBe(403);
    expect((await kycStatus(dmitri)).status).toBe('UNDER_REVIEW');
    expect(errors).toEqual([]);
    await handle.close();
  });

  it('an issuer admin replaces a disclosure section’s PDF and the new SHA-256 shows', { timeout: 150_000 }, async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText(`Replaced by the KYC review e2e ${Date.now()}`, { x: 50, y: 780, size: 14, font });
    const pdf = Buffer.from(await doc.save());
    const sha = createHash('sha256').update(pdf).digest('hex');

    const token = await adminToken();
    const content = await (await fetch(`${staffOrigin}/api/admin/content`, { headers: { authorization: `Bearer ${token}` } })).json() as {
      sections: { id: string; title: string; order: number; minReadingSeconds: number; sha256: string | null; retiredAt: string | null }[];
    };
    const section = content.sections.filter((s) => !s.retiredAt && s.sha256).at(-1)!;
    const original = Buffer.from(await (await fetch(`${staffOrigin}/api/admin/content/disclosure/${section.id}/pdf`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    expect(createHash('sha256').update(original).digest('hex')).toBe(section.sha256);

    const { handle } = await signedInStaffPage(['issuer-admin'], 'Ivy Issuer');
    const { page, errors } = handle;
    try {
      await page.goto(`${staffOrigin}/admin/content`);
      await page.getByRole('heading', { name: 'Issuer content' }).waitFor();
      const card = page.locator('.content-card').filter({ has: page.getByRole('heading', { name: section.title, level: 3 }) });
      await card.getByText(`SHA-256 ${section.sha256!.slice(0, 12)}…`).waitFor();
      await shoot(page, 'content');
      await axe.check(page, 'admin-content');
      await card.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: `Edit ${section.title}` });
      await form.getByLabel('New document (PDF, optional)').setInputFiles({ name: 'replacement.pdf', mimeType: 'application/pdf', buffer: pdf });
      await shoot(page, 'content-edit');
      await axe.check(page, 'admin-content-edit');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.locator('.admin-notice').filter({ hasText: /^Saved\./ }).waitFor();
      await card.getByText(`SHA-256 ${sha.slice(0, 12)}…`).waitFor();
      await card.getByRole('button', { name: 'Edit' }).waitFor();
      await card.getByText(/History \(\d+\)/).click();
      await card.getByText(`${section.sha256!.slice(0, 12)}… → ${sha.slice(0, 12)}…`).waitFor();
      // The history in words, with who made the change (never the audit code).
      await card.getByText(/Document replaced by Ivy Issuer/).waitFor();
      expect(await card.getByText(/admin\.content\./).count()).toBe(0);
      await shoot(page, 'content-replaced');
      await axe.check(page, 'admin-content-replaced');
      // An agreement's checkboxes are edited as rows, each control labelled (issue 29); closed without a change.
      const agreement = page.locator('.content-card').filter({ has: page.getByText(/signed this version/) }).first();
      await agreement.getByRole('button', { name: 'Edit' }).click();
      const rows = agreement.getByRole('form');
      await rows.getByLabel(/^Statement of checkbox 1/).waitFor();
      await rows.getByRole('button', { name: 'Add a checkbox' }).waitFor();
      await shoot(page, 'content-agreement-rows');
      await axe.check(page, 'admin-content-agreement-rows');
      await rows.getByRole('button', { name: 'Cancel' }).click();
      await agreement.getByRole('button', { name: 'Edit' }).waitFor();
      // The server serves the new bytes.
      const served = Buffer.from(await (await fetch(`${staffOrigin}/api/admin/content/disclosure/${section.id}/pdf`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
      expect(served.equals(pdf)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      // The run's content back as it was (later files read it).
      const form = new FormData();
      form.append('title', section.title);
      form.append('order', String(section.order));
      form.append('minReadingSeconds', String(section.minReadingSeconds));
      form.append('file', new Blob([new Uint8Array(original)], { type: 'application/pdf' }), 'original.pdf');
      const res = await fetch(`${staffOrigin}/api/admin/content/disclosure/${section.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(res.ok).toBe(true);
      await handle.close();
    }
  });
});
