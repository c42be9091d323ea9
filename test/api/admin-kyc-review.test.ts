/**
 * The KYC review (issue 15) on every database: the queue, the case, documents, decisions with the four-eyes rule,
 * double decisions, resubmission of chosen steps by the investor, emails and audit rows.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { kycReviewMessages } from '../../src/shared/admin/kyc-messages.ts';
import * as v from 'valibot';
import { KycDecisionResponseSchema, type KycDecisionInput, type KycQueueResponse } from '../../src/shared/admin/kyc-review.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { kycFourEyesThreshold } from '../../src/server/domain/admin/kyc-four-eyes.ts';
import { forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, documentRows, filesOnDisk, kycInvestor, kycStatus, passDisclosure, saveStep, uploadAs, uploadRequest, sampleFile } from './support/kyc.ts';
import { CODE_IN_TEXT } from './support/memory-mailer.ts';
import { getCase, queue } from './support/kyc-review-helpers.ts';
import { createStaff, type TestStaff } from './support/staff.ts';
import { expectStatusPageLink } from './support/status-page-mail.ts';

type Submitted = { token: string; userId: string; email: string; name: string };

let names = 0;
/** An investor who registered with `amount` and submitted KYC (steps 1-4 saved, complete), with a unique name. */
async function submittedInvestor(t: ApiTest, amount = 25_000): Promise<Submitted> {
  const name = `Reviewee ${process.pid} ${++names} ${randomUUID().slice(0, 8)}`;
  const { token, user, payload } = await t.register({ investmentAmount: amount, fullName: name });
  await passDisclosure(t, user.userId);
  await completeSteps(t, token);
  const res = await t.post('/api/kyc/complete', {}, token);
  if (res.status !== 200) throw new Error(`complete: ${res.status} ${await res.text()}`);
  return { token, userId: user.userId, email: payload.email.toLowerCase(), name };
}

const decide = (t: ApiTest, staff: TestStaff, userId: string, body: Partial<KycDecisionInput> & Record<string, unknown>) =>
  t.post(`/api/admin/kyc/cases/${userId}/decision`, { expectedRound: 1, ...body }, staff.token);


const reviewRows = (t: ApiTest, userId: string) => t.database.db.select().from(schema.kycReviews).where(eq(schema.kycReviews.userId, userId));
const kycRow = async (t: ApiTest, userId: string) => (await t.database.db.select().from(schema.kycVerifications).where(eq(schema.kycVerifications.userId, userId)))[0]!;
const staffAudit = async (t: ApiTest, userId: string) =>
  (
    await t.database.db
      .select({ action: schema.auditEvents.action, staffId: schema.auditEvents.staffId, detail: schema.auditEvents.detail })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.userId, userId))
      .orderBy(asc(schema.auditEvents.seq))
  ).filter((e) => e.action.startsWith('admin.kyc.'));
/** The review's mails to the investor (not the sign-in codes of their registration). */
const mailsTo = (t: ApiTest, email: string) => t.mailer.sent.filter((m) => m.to === email && !CODE_IN_TEXT.test(m.text));

forEachDatabase('admin kyc review', (t) => {
  afterEach(async () => {
    await t.database.db.delete(schema.settings).where(eq(schema.settings.key, 'kycFourEyesAboveEur'));
  });

  it('lists submissions oldest first with the row fields, filters, and pages by a keyset cursor', async () => {
    const officer = await createStaff(t, ['compliance']);
    const a = await submittedInvestor(t, 25_000);
    t.clock.advance(1000);
    const b = await submittedInvestor(t, 150_000);
    t.clock.advance(1000);
    const c = await submittedInvestor(t, 40_000);
    const marker = encodeURIComponent('Reviewee ');
    const all = (await queue(t, officer, `q=${marker}`)).rows.filter((r) => [a, b, c].some((x) => x.userId === r.userId));
    expect(all.map((r) => r.userId)).toEqual([a.userId, b.userId, c.userId]);
    expect(all[1]).toEqual({
      userId: b.userId,
      name: b.name,
      email: b.email,
      investorType: 'INDIVIDUAL',
      investmentAmount: 150_000,
      submittedAt: expect.any(String),
      reviewRound: 1,
      approvals: 0,
      fourEyes: true,
      assignee: null,
      country: 'uk',
      ageHours: 0,
      overdue: false,
    });
    expect(all[0]?.fourEyes).toBe(false);

    // Search by name, by email; the amount filter.
    expect((await queue(t, officer, `q=${encodeURIComponent(b.name)}`)).rows.map((r) => r.userId)).toEqual([b.userId]);
    expect((await queue(t, officer, `q=${encodeURIComponent(c.email.toUpperCase())}`)).rows.map((r) => r.userId)).toEqual([c.userId]);
    const big = (await queue(t, officer, `minAmount=100000&q=${marker}`)).rows.map((r) => r.userId);
    expect(big).toContain(b.userId);
    expect(big).not.toContain(a.userId);
    expect((await queue(t, officer, `investorType=ENTITY&q=${encodeURIComponent(a.name)}`)).rows).toEqual([]);
    // A '%' typed by the reviewer is a character, not a wildcard.
    expect((await queue(t, officer, `q=${encodeURIComponent('%')}`)).rows).toEqual([]);

    // Pages of one: each page's cursor leads to the next row, none repeated.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: KycQueueResponse = await queue(t, officer, `q=${marker}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.rows.length).toBeLessThanOrEqual(1);
      seen.push(...page.rows.map((r) => r.userId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => [a, b, c].some((x) => x.userId === id))).toEqual([a.userId, b.userId, c.userId]);
    expect(new Set(seen).size).toBe(seen.length);

    // Bad input: 400, never a 500.
    for (const q of ['cursor=nonsense', 'status=DONE', 'status=PENDING', 'minAmount=-1', 'limit=500', 'investorType=robot', `q=${'x'.repeat(300)}`]) {
      expect((await t.get(`/api/admin/kyc/cases?${q}`, officer.token)).status, q).toBe(400);
    }
  });

  it('shows the case: registration, disclosure, every document with replaced ones marked, AML answers, history', async () => {
    const officer = await createStaff(t, ['compliance'], { displayName: 'Grace Reviewer' });
    const { token, userId } = await kycInvestor(t);
    const { identity } = await completeSteps(t, token);
    // A second identity document saved in place of the first: the first stays on record, marked replaced.
    const second = await uploadAs(t, token, 'identity', 'png');
    expect((await saveStep(t, token, 1, { fileName: second.fileName })).status).toBe(200);
    expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);

    const kase = await getCase(t, officer, userId);
    expect(kase.registration).toMatchObject({ investorType: 'INDIVIDUAL', fullName: 'Ada Lovelace', investmentAmount: 25_000, nationality: 'British' });
    expect(kase.disclosure.completed).toBe(true);
    expect(kase.kyc).toMatchObject({ status: 'UNDER_REVIEW', reviewRound: 1, resubmission: null, aml: { fundsSource: 'salary', occupation: 'Mathematician', declarationsConfirmed: true } });
    const identities = kase.documents.filter((d) => d.documentType === 'identity');
    expect(identities).toHaveLength(2);
    expect(identities.find((d) => d.originalName === 'identity.pdf')?.replacedAt).toEqual(expect.any(String));
    expect(identities.find((d) => d.originalName === 'identity.png')?.replacedAt).toBeNull();
    expect(kase.documents.map((d) => d.documentType).sort()).toEqual(['address_bank', 'address_utility', 'identity', 'identity', 'selfie']);
    expect(identity.fileName).toBeTruthy();

    expect((await decide(t, officer, userId, { decision: 'REJECTED', reason: 'Blurred passport photo.' })).status).toBe(200);
    const decided = await getCase(t, officer, userId);
    expect(decided.reviews).toEqual([
      expect.objectContaining({ round: 1, decision: 'REJECTED', reason: 'Blurred passport photo.', reviewerId: officer.id, reviewerName: 'Grace Reviewer' }),
    ]);

    // Unknown ids: 404, also when not a uuid.
    expect((await t.get(`/api/admin/kyc/cases/${randomUUID()}`, officer.token)).status).toBe(404);
    expect((await t.get('/api/admin/kyc/cases/not-a-uuid', officer.token)).status).toBe(404);
  });

  it('serves a document inline and sandboxed, only under its own investor, and audits who viewed it', async () => {
    const officer = await createStaff(t, ['compliance']);
    const auditor = await createStaff(t, ['auditor']);
    const one = await submittedInvestor(t);
    const other = await submittedInvestor(t);
    const doc = (await getCase(t, officer, one.userId)).documents.find((d) => d.documentType === 'identity')!;
    const res = await t.get(`/api/admin/kyc/cases/${one.userId}/documents/${doc.id}`, auditor.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="identity\.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(doc.sizeBytes);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    // The document under another investor's id, a random id, a non-uuid: 404 alike, and nothing audited.
    const before = (await staffAudit(t, other.userId)).length;
    for (const path of [`${other.userId}/documents/${doc.id}`, `${one.userId}/documents/${randomUUID()}`, `${one.userId}/documents/../../x`, `${one.userId}/documents/1`]) {
      expect((await t.get(`/api/admin/kyc/cases/${path}`, officer.token)).status, path).toBe(404);
    }
    expect((await staffAudit(t, other.userId)).length).toBe(before);
    expect(await staffAudit(t, one.userId)).toEqual([
      { action: 'admin.kyc.document-viewed', staffId: auditor.id, detail: { role: 'auditor', documentId: doc.id, documentType: 'identity', sha256: doc.sha256 } },
    ]);
  });

  it('below the threshold one approval suffices: verified flags, a review row, an audit event, one email', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t, 100_000);
    const res = await decide(t, officer, investor.userId, { decision: 'APPROVED' });
    expect(res.status).toBe(200);
    expect(v.parse(KycDecisionResponseSchema, await res.json())).toEqual({ status: 'APPROVED', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: false });
    expect(await kycRow(t, investor.userId)).toMatchObject({ status: 'APPROVED', identityVerified: true, biometricVerified: true, addressVerified: true, amlScreeningPassed: true });
    expect(await reviewRows(t, investor.userId)).toEqual([expect.objectContaining({ round: 1, decision: 'APPROVED', reviewerId: officer.id })]);
    expect(await staffAudit(t, investor.userId)).toEqual([
      { action: 'admin.kyc.approved', staffId: officer.id, detail: expect.objectContaining({ role: 'compliance', round: 1, fourEyes: false, approvers: [officer.id] }) },
    ]);
    const mails = mailsTo(t, investor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/approved/i);
    expectStatusPageLink(mails[0]);
    expect((await kycStatus(t, investor.token)).status).toBe('APPROVED');
    // Decided: another decision is refused, with words, and writes nothing.
    const again = await decide(t, officer, investor.userId, { decision: 'REJECTED', reason: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: kycReviewMessages.notUnderReview });
    expect(await reviewRows(t, investor.userId)).toHaveLength(1);
  });

  it('above the threshold needs two different reviewers; the same reviewer twice is refused', async () => {
    const first = await createStaff(t, ['compliance']);
    const second = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t, 150_000);
    const one = await decide(t, first, investor.userId, { decision: 'APPROVED' });
    expect(v.parse(KycDecisionResponseSchema, await one.json())).toEqual({ status: 'UNDER_REVIEW', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: true });
    expect((await kycRow(t, investor.userId)).status).toBe('UNDER_REVIEW');
    expect((await kycRow(t, investor.userId)).identityVerified).toBe(false);
    expect(mailsTo(t, investor.email)).toHaveLength(0);
    expect((await queue(t, first, `q=${encodeURIComponent(investor.name)}`)).rows[0]).toMatchObject({ approvals: 1, fourEyes: true });

    const twice = await decide(t, first, investor.userId, { decision: 'APPROVED' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: kycReviewMessages.alreadyApproved });
    expect(await reviewRows(t, investor.userId)).toHaveLength(1);

    t.clock.advance(60_000);
    const two = await decide(t, second, investor.userId, { decision: 'APPROVED' });
    expect(await two.json()).toEqual({ status: 'APPROVED', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: false });
    expect((await kycRow(t, investor.userId)).status).toBe('APPROVED');
    expect((await staffAudit(t, investor.userId)).map((e) => [e.action, e.staffId])).toEqual([
      ['admin.kyc.first-approval', first.id],
      ['admin.kyc.approved', second.id],
    ]);
    expect(mailsTo(t, investor.email)).toHaveLength(1);
    expect((await getCase(t, first, investor.userId)).fourEyes.approvalsThisRound.map((a) => a.reviewerId)).toEqual([first.id, second.id]);
  });

  it('reads the threshold from the settings key', async () => {
    const officer = await createStaff(t, ['compliance']);
    await t.database.db.insert(schema.settings).values({ key: 'kycFourEyesAboveEur', value: 20_000 });
    const investor = await submittedInvestor(t, 25_000);
    const res = await decide(t, officer, investor.userId, { decision: 'APPROVED' });
    expect(await res.json()).toMatchObject({ status: 'UNDER_REVIEW', awaitingSecondApproval: true });
    expect((await getCase(t, officer, investor.userId)).fourEyes).toMatchObject({ applies: true, aboveEur: 20_000 });
  });

  it('takes the threshold from the settings row, else the default the Settings page shows (100000)', async () => {
    const { db } = t.database;
    const issuer = await createStaff(t, ['issuer-admin']);
    const shown = async () => ((await (await t.get('/api/admin/settings', issuer.token)).json()) as { values: { kycFourEyesAboveEur: number } }).values.kycFourEyesAboveEur;
    await db.delete(schema.settings).where(eq(schema.settings.key, 'kycFourEyesAboveEur'));
    expect(await kycFourEyesThreshold(db)).toBe(100_000);
    expect(await shown()).toBe(100_000);
    await db.insert(schema.settings).values({ key: 'kycFourEyesAboveEur', value: 250_000 });
    expect(await kycFourEyesThreshold(db)).toBe(250_000);
    expect(await shown()).toBe(250_000);
    await db.update(schema.settings).set({ value: 'lots' }).where(eq(schema.settings.key, 'kycFourEyesAboveEur'));
    expect(await kycFourEyesThreshold(db)).toBe(100_000);
  });

  it('never counts an approval of an earlier round, and refuses a decision for a round that is over', async () => {
    const first = await createStaff(t, ['compliance']);
    const second = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t, 150_000);
    expect((await decide(t, first, investor.userId, { decision: 'APPROVED' })).status).toBe(200);
    const asked = await decide(t, second, investor.userId, { decision: 'RESUBMISSION_REQUESTED', steps: ['aml'], message: 'Please tell us more about your occupation.' });
    expect(asked.status).toBe(200);
    expect((await saveStep(t, investor.token, 4, { fundsSource: 'business', annualVolume: '100k-250k', occupation: 'Engineer', declarations: { pep: true, sanctions: true, criminal: true, funds: true } })).status).toBe(200);
    expect((await t.post('/api/kyc/complete', {}, investor.token)).status).toBe(200);
    expect((await kycRow(t, investor.userId)).reviewRound).toBe(2);

    // The reviewer who still sees round 1 is refused.
    const stale = await decide(t, second, investor.userId, { decision: 'APPROVED', expectedRound: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: kycReviewMessages.staleRound });
    // Round 2: the second reviewer's approval is a FIRST approval (the first reviewer's round-1 approval does not count).
    const r2 = await decide(t, second, investor.userId, { decision: 'APPROVED', expectedRound: 2 });
    expect(await r2.json()).toEqual({ status: 'UNDER_REVIEW', reviewRound: 2, decision: 'APPROVED', awaitingSecondApproval: true });
    // The first reviewer may approve round 2: a new round.
    const r2b = await decide(t, first, investor.userId, { decision: 'APPROVED', expectedRound: 2 });
    expect(await r2b.json()).toMatchObject({ status: 'APPROVED', reviewRound: 2 });
  });

  it('acts once on a double decision in parallel', async () => {
    const officer = await createStaff(t, ['compliance']);
    const colleague = await createStaff(t, ['compliance']);
    const same = await submittedInvestor(t, 25_000);
    const results = await Promise.all([decide(t, officer, same.userId, { decision: 'APPROVED' }), decide(t, officer, same.userId, { decision: 'APPROVED' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await reviewRows(t, same.userId)).toHaveLength(1);
    expect(await staffAudit(t, same.userId)).toHaveLength(1);
    expect(mailsTo(t, same.email)).toHaveLength(1);

    const mixed = await submittedInvestor(t, 25_000);
    const answers = await Promise.all([
      decide(t, officer, mixed.userId, { decision: 'APPROVED' }),
      decide(t, colleague, mixed.userId, { decision: 'REJECTED', reason: 'Sanctions hit.' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(await loser.json()).toEqual({ error: kycReviewMessages.notUnderReview });
    expect(await reviewRows(t, mixed.userId)).toHaveLength(1);
    expect(mailsTo(t, mixed.email)).toHaveLength(1);

    // Four-eyes in parallel, two reviewers: one first approval, one final.
    const big = await submittedInvestor(t, 500_000);
    const pair = await Promise.all([decide(t, officer, big.userId, { decision: 'APPROVED' }), decide(t, colleague, big.userId, { decision: 'APPROVED' })]);
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect((await kycRow(t, big.userId)).status).toBe('APPROVED');
    expect(await reviewRows(t, big.userId)).toHaveLength(2);
  });

  it('refuses bad decisions with 400 and writes nothing', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ decision: 'REJECTED' }, kycReviewMessages.reasonRequired],
      [{ decision: 'REJECTED', reason: '   ' }, kycReviewMessages.reasonRequired],
      [{ decision: 'REJECTED', reason: '\u202e\u0007' }, kycReviewMessages.reasonRequired],
      [{ decision: 'RESUBMISSION_REQUESTED', message: 'Redo it.' }, kycReviewMessages.stepsRequired],
      [{ decision: 'RESUBMISSION_REQUESTED', steps: [], message: 'Redo it.' }, kycReviewMessages.stepsRequired],
      [{ decision: 'RESUBMISSION_REQUESTED', steps: ['identity'] }, kycReviewMessages.messageRequired],
      [{ decision: 'RESUBMISSION_REQUESTED', steps: ['review'], message: 'x' }, kycReviewMessages.unknownStep],
      [{ decision: 'MAYBE' }, kycReviewMessages.unknownDecision],
      [{ decision: 'APPROVED', expectedRound: 'one' }, kycReviewMessages.roundRequired],
      [{ decision: 'REJECTED', reason: 'x'.repeat(2001) }, kycReviewMessages.textTooLong],
    ];
    for (const [body, error] of cases) {
      const res = await decide(t, officer, investor.userId, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (error) expect(await res.json()).toEqual({ error });
    }
    expect((await t.request(`/api/admin/kyc/cases/${investor.userId}/decision`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' }, body: '{"decision":' })).status).toBe(400);
    expect((await t.request(`/api/admin/kyc/cases/${investor.userId}/decision`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'REJECTED', reason: 'x'.repeat(200_000), expectedRound: 1 }) })).status).toBe(413);
    expect((await decide(t, officer, randomUUID(), { decision: 'APPROVED' })).status).toBe(404);
    expect((await decide(t, officer, 'nope', { decision: 'APPROVED' })).status).toBe(404);
    expect(await reviewRows(t, investor.userId)).toEqual([]);
    expect(await staffAudit(t, investor.userId)).toEqual([]);
    expect((await kycRow(t, investor.userId)).status).toBe('UNDER_REVIEW');
    expect(mailsTo(t, investor.email)).toHaveLength(0);
  });

  it('a rejection emails the reason; the rejected investor cannot change anything', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t);
    expect((await decide(t, officer, investor.userId, { decision: 'REJECTED', reason: 'Document expired — 2019.' })).status).toBe(200);
    const [mail] = mailsTo(t, investor.email);
    expect(mail?.text).toContain('Document expired — 2019.');
    expectStatusPageLink(mail);
    expect((await kycStatus(t, investor.token)).status).toBe('REJECTED');
    expect((await saveStep(t, investor.token, 4, { fundsSource: 'salary', annualVolume: '0-25k', occupation: 'x', declarations: { pep: true, sanctions: true, criminal: true, funds: true } })).status).toBe(409);
  });

  it('on a server that knows no address of its own (no PUBLIC_URL, PORT 0) the mail says to sign in, with no link', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t);
    const unaddressed = t.makeApp({ linkBase: null });
    const res = await unaddressed.request(`/api/admin/kyc/cases/${investor.userId}/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${officer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'REJECTED', reason: 'Document expired.', expectedRound: 1 }),
    });
    expect(res.status).toBe(200);
    await t.runDueJobs();
    const [mail] = mailsTo(t, investor.email);
    expect(mail?.text.trimEnd().split('\n').at(-1)).toBe('Sign in to the portal to see where your investment stands.');
    expect(mail?.text).not.toMatch(/https?:|process\/complete/);
  });

  it('a resubmission reopens only the chosen steps, shows the message, and comes back to the queue as the next round', async () => {
    const officer = await createStaff(t, ['compliance']);
    const investor = await submittedInvestor(t);
    const before = await getCase(t, officer, investor.userId);
    const oldIdentity = before.documents.find((d) => d.documentType === 'identity' && !d.replacedAt)!;
    const message = 'Your passport scan is cut off at the bottom. Please upload all four corners — merci.';
    const res = await decide(t, officer, investor.userId, { decision: 'RESUBMISSION_REQUESTED', steps: ['identity', 'identity'], message });
    expect(v.parse(KycDecisionResponseSchema, await res.json())).toEqual({ status: 'RESUBMISSION_REQUESTED', reviewRound: 1, decision: 'RESUBMISSION_REQUESTED', awaitingSecondApproval: false });

    // The investor sees the status and the message.
    const status = await kycStatus(t, investor.token);
    expect(status).toMatchObject({ status: 'RESUBMISSION_REQUESTED', completedAt: null, resubmission: { steps: ['identity'], message, requestedAt: t.clock.now().toISOString() } });
    expect(status.steps['1'].completed).toBe(false);
    expect(status.steps['2'].completed).toBe(true);
    const [mail] = mailsTo(t, investor.email);
    expect(mail?.text).toContain(message);
    expect(mail?.text).toContain('Identity document');
    expectStatusPageLink(mail);
    expect(await staffAudit(t, investor.userId)).toEqual([
      { action: 'admin.kyc.resubmission-requested', staffId: officer.id, detail: expect.objectContaining({ role: 'compliance', round: 1, steps: ['identity'], message }) },
    ]);
    // Gone from the review queue, listed under its own status.
    expect((await queue(t, officer, `q=${encodeURIComponent(investor.name)}`)).rows).toEqual([]);
    expect((await queue(t, officer, `status=RESUBMISSION_REQUESTED&q=${encodeURIComponent(investor.name)}`)).rows.map((r) => r.userId)).toEqual([investor.userId]);

    // A step not chosen is refused by upload (its file not kept) and by save-step; completing before redoing too.
    const disk = await filesOnDisk(t);
    const rows = (await documentRows(t, investor.userId)).length;
    const selfie = await uploadRequest(t, investor.token, { type: 'selfie', name: 'me.jpg', bytes: sampleFile('jpeg') });
    expect(selfie.status).toBe(409);
    expect(await selfie.json()).toEqual({ error: kycReviewMessages.resubmitOnlyRequested });
    const fileFirst = await uploadRequest(t, investor.token, { type: 'address_bank', name: 'bank.png', bytes: sampleFile('png'), fileFirst: true });
    expect(fileFirst.status).toBe(409);
    expect(await filesOnDisk(t)).toEqual(disk);
    expect((await documentRows(t, investor.userId)).length).toBe(rows);
    const aml = await saveStep(t, investor.token, 4, { fundsSource: 'gift', annualVolume: '0-25k', occupation: 'x', declarations: { pep: true, sanctions: true, criminal: true, funds: true } });
    expect(aml.status).toBe(409);
    expect((await t.post('/api/kyc/complete', {}, investor.token)).status).toBe(409);
    expect((await kycRow(t, investor.userId)).amlOccupation).toBe('Mathematician');

    // The chosen step: a new file, saved; the old one stays on record, marked replaced.
    const fresh = await uploadAs(t, investor.token, 'identity', 'png');
    expect((await saveStep(t, investor.token, 1, { fileName: fresh.fileName })).status).toBe(200);
    expect((await kycStatus(t, investor.token)).status).toBe('RESUBMISSION_REQUESTED');
    const done = await t.post('/api/kyc/complete', {}, investor.token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'UNDER_REVIEW' });
    expect(await kycStatus(t, investor.token)).toMatchObject({ status: 'UNDER_REVIEW', resubmission: null });

    const after = await getCase(t, officer, investor.userId);
    expect(after.kyc).toMatchObject({ status: 'UNDER_REVIEW', reviewRound: 2, resubmission: null });
    expect(after.documents.find((d) => d.id === oldIdentity.id)?.replacedAt).toEqual(expect.any(String));
    expect(after.documents.filter((d) => d.documentType === 'identity' && !d.replacedAt).map((d) => d.originalName)).toEqual(['identity.png']);
    expect((await queue(t, officer, `q=${encodeURIComponent(investor.name)}`)).rows).toEqual([expect.objectContaining({ userId: investor.userId, reviewRound: 2, approvals: 0 })]);
    const [resubmitted] = (await t.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, investor.userId), eq(schema.auditEvents.action, 'kyc.resubmitted'))));
    expect(resubmitted?.detail).toMatchObject({ reviewRound: 2, steps: ['identity'] });
  });
});
