/**
 * The lifecycle chart replayed through the real API (issue 27), on PGlite and PostgreSQL: investors' calls with their
 * tokens, staff calls with real staff sessions (compliance, finance, the issuer admin's settings), the card provider
 * through the local test provider and through Stripe's SDK against the fake Stripe API with signed webhooks, a
 * screening list loaded as the operator's command does (ongoing monitoring). Seventeen
 * journeys, chosen so that together they take every transition of the chart. After every call, the invariants: the
 * stored case equals the chart's reading of the rows and holds no anomaly (so every decided fact led where the chart
 * said), at most one settled payment per investment; at the end the audit chain is whole.
 *
 * Coverage is measured from the server's own audit trail: each audit event of a lifecycle fact names the chart
 * transitions it took (`lifecycle.via`). The last test compares them with every transition of the chart.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminSettingsResponse } from '../../src/shared/admin/settings.ts';
import type { DisclosureSection } from '../../src/shared/disclosure.ts';
import { investmentMachine } from '../../machines/investment/investment.machine.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { verifyAuditChain } from '../../src/server/domain/audit/verify-audit-chain.ts';
import { loadScreeningList } from '../../src/server/domain/screening/load-screening-list.ts';
import { EDD_ITEMS } from '../../src/shared/admin/kyc-checks.ts';
import { transitionIds } from '../../src/tools/diagram-model.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { completeSteps, saveStep, uploadAs } from './support/kyc.ts';
import { completeAgreements } from './support/legal.ts';
import { ethHash } from './support/money.ts';
import { initiateBody, type PaymentInvestor } from './support/payment.ts';
import { intentEvent, signPayload, stripeApp, type StripeApp } from './support/payment-stripe.ts';
import { createStaff, type TestStaff } from './support/staff.ts';
import { expectStoredCase, storedCase } from './support/stored-case.ts';

/** Transitions no sequence of calls can take (none now: the replay takes every transition). */
const NOT_THROUGH_THE_API: Record<string, string> = {};

type App = Pick<StripeApp, 'get' | 'post'>;
type Investor = PaymentInvestor;

forEachDatabase('the lifecycle through the API', (t) => {
  let fake: FakeStripe;
  let stripe: StripeApp;
  let carla: TestStaff;
  let dmitri: TestStaff;
  let finance: TestStaff;
  let issuer: TestStaff;
  const investors: string[] = [];
  let calls = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    fake = await startFakeStripe();
    stripe = stripeApp(t, fake);
    carla = await createStaff(t, ['compliance']);
    dmitri = await createStaff(t, ['compliance']);
    finance = await createStaff(t, ['finance']);
    issuer = await createStaff(t, ['issuer-admin']);
  });
  afterAll(() => fake.close());

  /** The invariants after a call that may have moved the case. */
  async function holds(userId: string, states?: string[]) {
    const stored = await expectStoredCase(t, userId, states);
    const settled = await t.database.db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(settled.filter((p) => p.paymentStatus === 'COMPLETED').length, 'settled payments').toBeLessThanOrEqual(1);
    return stored;
  }

  /** One API call: its status must be `status` (200 unless told), then the invariants hold. */
  async function call(investor: Investor, send: () => Promise<Response>, states?: string[], status = 200) {
    calls++;
    // A second between calls, as between people's clicks: rows written by successive calls get distinct times.
    t.clock.advance(1_000);
    const answer = await send();
    expect(answer.status, `${answer.status} ${answer.status === status ? '' : await answer.clone().text()}`).toBe(status);
    await holds(investor.userId, states);
    return answer;
  }

  const json = async <T,>(res: Response) => (await res.json()) as T;

  async function register(investmentAmount: number, overrides: Record<string, unknown> = {}): Promise<Investor> {
    calls++;
    const { token, user, payload } = await t.register({ investmentAmount, ...overrides });
    investors.push(user.userId);
    const [investment] = await t.database.db.select().from(schema.investments).where(eq(schema.investments.userId, user.userId));
    const investor = { token, userId: user.userId, email: payload.email, amount: investment!.amount, investmentId: investment!.id };
    await holds(investor.userId, ['disclosure']);
    return investor;
  }

  /** Registered, the disclosure read for its minimum time and completed, the KYC submitted. */
  async function submitted(investmentAmount = 20_000, overrides: Record<string, unknown> = {}): Promise<Investor> {
    const investor = await register(investmentAmount, overrides);
    const sections = await json<DisclosureSection[]>(await t.get('/api/disclosure/sections', investor.token));
    for (const s of sections) {
      await call(investor, () => t.post('/api/disclosure/save-progress', { sectionProgress: { [s.id]: { opened: true, timeSpent: 0 } } }, investor.token));
      const seconds = Math.ceil(s.minReadingTime * 60);
      t.clock.advance(seconds * 1000);
      await call(investor, () => t.post('/api/disclosure/save-progress', { sectionProgress: { [s.id]: { opened: true, timeSpent: seconds, scrolled: true, completed: true } } }, investor.token));
    }
    await call(investor, () => t.post('/api/disclosure/complete', { sectionProgress: {} }, investor.token), ['kycCollecting']);
    calls += 8;
    await completeSteps(t, investor.token);
    await call(investor, () => t.post('/api/kyc/complete', {}, investor.token), ['case.review.underReview', 'case.investing.agreements']);
    // The reviewer aids (screening, risk) of the round.
    await t.runDueJobs();
    return investor;
  }

  async function signed(investor: Investor) {
    calls += 2;
    await completeAgreements(t, investor.token);
    return holds(investor.userId);
  }

  const round = async (investor: Investor) => (await storedCase(t, investor.userId)).context.kycRound;
  async function decide(staff: TestStaff, investor: Investor, body: Record<string, unknown>, states?: string[], status = 200) {
    const expectedRound = await round(investor);
    return call(investor, () => t.post(`/api/admin/kyc/cases/${investor.userId}/decision`, { expectedRound, ...body }, staff.token), states, status);
  }

  /** The reopened identity step done again with a new upload, and the KYC submitted again. */
  async function redoIdentity(investor: Investor, states: string[]) {
    calls += 2;
    const identity = await uploadAs(t, investor.token, 'identity', 'pdf');
    expect((await saveStep(t, investor.token, 1, { fileName: identity.fileName, fileType: identity.fileType, fileSize: identity.fileSize, filePath: identity.filePath })).status).toBe(200);
    await call(investor, () => t.post('/api/kyc/complete', {}, investor.token), states);
  }

  const initiate = async <T,>(app: App, investor: Investor, method: 'CARD' | 'WIRE', states?: string[]) =>
    json<T>(await call(investor, () => app.post('/api/payment/initiate', initiateBody(investor, method), investor.token), states));
  type Wire = { paymentId: string; paymentRef: string; totalAmount: number };
  type Card = { paymentId: string; stripe: { paymentIntentId: string; clientSecret: string } };

  async function wireSent(app: App, investor: Investor, states?: string[]) {
    const wire = await initiate<Wire>(app, investor, 'WIRE');
    await call(investor, () => app.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, investor.token), states);
    return wire;
  }
  const payLocalCard = (investor: Investor, card: Card, states?: string[]) =>
    call(investor, () => t.post('/api/payment/test-card/confirm', { paymentIntentId: card.stripe.paymentIntentId, clientSecret: card.stripe.clientSecret, paymentMethod: 'pm_card_visa' }, investor.token), states);
  const received = (investor: Investor, paymentId: string, amount: number, states?: string[]) =>
    call(investor, () => t.post(`/api/admin/payments/${paymentId}/receipts`, { requestId: crypto.randomUUID(), amount, receivedOn: t.clock.now().toISOString().slice(0, 10), reference: `BANK-${crypto.randomUUID().slice(0, 8)}` }, finance.token), states);
  const refunded = (app: App, investor: Investor, paymentId: string, card: boolean, states?: string[], status = 200) =>
    call(investor, () => app.post(`/api/admin/payments/${paymentId}/refund`, { requestId: crypto.randomUUID(), reason: 'returned', ...(card ? {} : { outgoingReference: `RET-${crypto.randomUUID().slice(0, 8)}` }) }, finance.token), states, status);
  const issued = (investor: Investor, states?: string[]) =>
    call(investor, () => t.post(`/api/admin/investors/${investor.userId}/issuance`, { requestId: crypto.randomUUID(), transactionHash: ethHash() }, finance.token), states);

  /** Stripe's webhook for the card's intent moved to `status` (delivered twice, as Stripe may). */
  async function stripeSays(investor: Investor, card: Card, status: 'succeeded' | 'canceled', states?: string[]) {
    const intent = fake.update(card.stripe.paymentIntentId, { status });
    const payload = intentEvent(`payment_intent.${status}`, intent);
    for (let i = 0; i < 2; i++) await call(investor, () => stripe.webhook(payload, signPayload(payload, fake.settings.webhookSecret)), states);
  }

  /** An open card at Stripe, and a wire declared sent while Stripe was down (so the card could not be canceled). */
  async function cardOpenAndWireSent(investor: Investor) {
    const card = await initiate<Card>(stripe, investor, 'CARD');
    fake.failWith(500);
    const wire = await wireSent(stripe, investor);
    fake.failWith(0);
    return { card, wire };
  }

  const cents = (eur: number) => Math.round(eur * 100) / 100;
  const REVIEW = 'case.review.underReview';
  const APPROVED = 'case.review.approved';
  const REJECTED = 'case.review.rejected';

  async function setFourEyesThreshold(eur: number) {
    const now = await json<AdminSettingsResponse>(await t.get('/api/admin/settings', issuer.token));
    const res = await t.request('/api/admin/settings', {
      method: 'PUT',
      headers: { ...bearer(issuer.token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...now.values, kycFourEyesAboveEur: eur, expectedUpdatedAt: now.updatedAt }),
    });
    expect(res.status).toBe(200);
  }

  it('one approval, a wire paid exactly, tokens issued', async () => {
    const ada = await submitted();
    await decide(carla, ada, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
    await signed(ada);
    const wire = await wireSent(t, ada, [APPROVED, 'case.investing.payment.awaitingFunds']);
    await received(ada, wire.paymentId, wire.totalAmount, [APPROVED, 'case.investing.settled.paid']);
    await issued(ada, [APPROVED, 'case.investing.settled.tokensIssued']);
  });

  it('four-eyes: two reviewers; the wire under-paid twice, then the rest', async () => {
    const bea = await submitted(150_000);
    await decide(carla, bea, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    // The same reviewer twice is refused in words; nothing moves.
    await decide(carla, bea, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements'], 409);
    await decide(dmitri, bea, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
    await signed(bea);
    const wire = await wireSent(t, bea);
    const part = cents(wire.totalAmount * 0.3);
    await received(bea, wire.paymentId, part, [APPROVED, 'case.investing.payment.onHold']);
    await received(bea, wire.paymentId, part, [APPROVED, 'case.investing.payment.onHold']);
    await received(bea, wire.paymentId, cents(wire.totalAmount - 2 * part), [APPROVED, 'case.investing.settled.paid']);
  });

  it('four-eyes: the threshold raised after the first approval, a newcomer to compliance approves alone', async () => {
    const cem = await submitted(150_000);
    await decide(carla, cem, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    t.clock.advance(60_000);
    const nina = await createStaff(t, ['compliance'], { rolesSince: t.clock.now() });
    // Under the threshold of the submission she could not be the second of two (compliance only since after it).
    await decide(nina, cem, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements'], 409);
    await setFourEyesThreshold(200_000);
    try {
      await decide(nina, cem, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
    } finally {
      await setFourEyesThreshold(100_000);
    }
  });

  it('four-eyes: a first approval, then rejected', async () => {
    const dan = await submitted(150_000);
    await decide(carla, dan, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    await decide(dmitri, dan, { decision: 'REJECTED', reason: 'Sanctions list match.' }, [REJECTED, 'case.investing.agreements']);
    // Agreements are not for a rejected investor: refused by the chart (the step's own gate says it first, in its words).
    calls++;
    expect((await t.post('/api/legal/complete', {}, dan.token)).status).toBe(409);
    await holds(dan.userId, [REJECTED, 'case.investing.agreements']);
  });

  it('four-eyes: a first approval, then steps asked again; resubmitted and approved by two', async () => {
    const eve = await submitted(150_000);
    await decide(carla, eve, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    await decide(dmitri, eve, { decision: 'RESUBMISSION_REQUESTED', steps: ['identity'], message: 'The photo is blurred.' }, ['case.review.resubmissionRequested', 'case.investing.agreements']);
    await redoIdentity(eve, [REVIEW, 'case.investing.agreements']);
    await decide(dmitri, eve, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    await decide(carla, eve, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
  });

  it('steps asked again while under review; resubmitted, approved', async () => {
    const fay = await submitted();
    await decide(carla, fay, { decision: 'RESUBMISSION_REQUESTED', steps: ['identity'], message: 'Expired passport.' }, ['case.review.resubmissionRequested', 'case.investing.agreements']);
    await redoIdentity(fay, [REVIEW, 'case.investing.agreements']);
    await decide(carla, fay, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
  });

  it('a card paid with the local test provider, the KYC rejected, the card refunded', async () => {
    const gus = await submitted();
    await signed(gus);
    const card = await initiate<Card>(t, gus, 'CARD', [REVIEW, 'case.investing.payment.cardPending']);
    await payLocalCard(gus, card, [REVIEW, 'case.investing.settled.paid']);
    await decide(carla, gus, { decision: 'REJECTED', reason: 'Forged document.' }, [REJECTED, 'case.investing.settled.paid']);
    await refunded(t, gus, card.paymentId, true, [REJECTED, 'case.investing.refunded']);
  });

  it('a card started, then the wire sent instead (the card is canceled)', async () => {
    const hal = await submitted();
    await signed(hal);
    await initiate<Card>(t, hal, 'CARD', [REVIEW, 'case.investing.payment.cardPending']);
    await wireSent(t, hal, [REVIEW, 'case.investing.payment.awaitingFunds']);
  });

  it('a card canceled at Stripe goes back to choosing; a new attempt is a new payment', async () => {
    const ida = await submitted();
    await signed(ida);
    const card = await initiate<Card>(stripe, ida, 'CARD', [REVIEW, 'case.investing.payment.cardPending']);
    await stripeSays(ida, card, 'canceled', [REVIEW, 'case.investing.payment.choosing']);
    const again = await initiate<Card>(stripe, ida, 'CARD', [REVIEW, 'case.investing.payment.cardPending']);
    expect(again.paymentId).not.toBe(card.paymentId);
  });

  it('a wire held for a difference is returned; the investor pays again by card', async () => {
    const jon = await submitted();
    await decide(carla, jon, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
    await signed(jon);
    const wire = await wireSent(t, jon);
    await received(jon, wire.paymentId, cents(wire.totalAmount / 2), [APPROVED, 'case.investing.payment.onHold']);
    await refunded(t, jon, wire.paymentId, false, [APPROVED, 'case.investing.refunded']);
    const card = await initiate<Card>(t, jon, 'CARD', [APPROVED, 'case.investing.payment.cardPending']);
    await payLocalCard(jon, card, [APPROVED, 'case.investing.settled.paid']);
  });

  it('a wire held for a difference is returned; the investor sends a wire again', async () => {
    const kim = await submitted();
    await signed(kim);
    const wire = await wireSent(t, kim);
    await received(kim, wire.paymentId, cents(wire.totalAmount * 1.5), [REVIEW, 'case.investing.payment.onHold']);
    await refunded(t, kim, wire.paymentId, false, [REVIEW, 'case.investing.refunded']);
    await wireSent(t, kim, [REVIEW, 'case.investing.payment.awaitingFunds']);
  });

  it('a card left open at Stripe goes through after the wire was returned: the card pays the investment', async () => {
    const lea = await submitted();
    await signed(lea);
    const { card, wire } = await cardOpenAndWireSent(lea);
    await received(lea, wire.paymentId, cents(wire.totalAmount / 4), [REVIEW, 'case.investing.payment.onHold']);
    await refunded(t, lea, wire.paymentId, false, [REVIEW, 'case.investing.refunded']);
    await stripeSays(lea, card, 'succeeded', [REVIEW, 'case.investing.settled.paid']);
  });

  it('a card left open goes through after the wire settled: held as paid twice; its return refused by Stripe once, then made', async () => {
    const max = await submitted();
    await signed(max);
    const { card, wire } = await cardOpenAndWireSent(max);
    await received(max, wire.paymentId, wire.totalAmount, [REVIEW, 'case.investing.settled.paid']);
    await stripeSays(max, card, 'succeeded', [REVIEW, 'case.investing.settled.paid']);
    expect((await storedCase(t, max.userId)).context.heldTwice).toEqual([card.paymentId]);
    fake.failWith(500);
    await refunded(stripe, max, card.paymentId, true, [REVIEW, 'case.investing.settled.paid'], 503);
    fake.failWith(0);
    expect((await storedCase(t, max.userId)).context).toMatchObject({ heldTwice: [card.paymentId], returning: [] });
    await refunded(stripe, max, card.paymentId, true, [REVIEW, 'case.investing.settled.paid']);
    expect((await storedCase(t, max.userId)).context).toMatchObject({ payment: { id: wire.paymentId }, heldTwice: [] });
  });

  it('the wire’s money arrives after the card settled: held as paid twice, sent back by hand', async () => {
    const ned = await submitted();
    await signed(ned);
    const { card, wire } = await cardOpenAndWireSent(ned);
    await stripeSays(ned, card, 'succeeded', [REVIEW, 'case.investing.settled.paid']);
    await received(ned, wire.paymentId, wire.totalAmount, [REVIEW, 'case.investing.settled.paid']);
    await refunded(t, ned, wire.paymentId, false, [REVIEW, 'case.investing.settled.paid']);
    expect((await storedCase(t, ned.userId)).context).toMatchObject({ payment: { id: card.paymentId }, heldTwice: [] });
  });

  it('a card refund refused by Stripe, then made slowly while the wire’s money arrives', async () => {
    const ola = await submitted();
    await signed(ola);
    const { card, wire } = await cardOpenAndWireSent(ola);
    await stripeSays(ola, card, 'succeeded', [REVIEW, 'case.investing.settled.paid']);
    await decide(carla, ola, { decision: 'REJECTED', reason: 'Not a qualified investor.' }, [REJECTED, 'case.investing.settled.paid']);
    fake.failWith(500);
    await refunded(stripe, ola, card.paymentId, true, [REJECTED, 'case.investing.settled.paid'], 503);
    fake.failWith(0);
    // Stripe is slow: while the refund is under way, finance records the wire's money.
    const release = fake.holdRefunds();
    const slow = stripe.post(`/api/admin/payments/${card.paymentId}/refund`, { requestId: crypto.randomUUID(), reason: 'returned' }, finance.token);
    await expect.poll(async () => (await storedCase(t, ola.userId)).states.join(' + '), { timeout: 5_000, interval: 20 }).toBe(`${REJECTED} + case.investing.refundPending`);
    await received(ola, wire.paymentId, wire.totalAmount, [REJECTED, 'case.investing.refundPending']);
    release();
    await call(ola, () => slow, [REJECTED, 'case.investing.refunded']);
    expect((await storedCase(t, ola.userId)).context.heldTwice).toEqual([wire.paymentId]);
    await refunded(t, ola, wire.paymentId, false, [REJECTED, 'case.investing.refunded']);
  });

  it('high risk (a sanctions hit) under the threshold: the enhanced due diligence first, then two reviewers', async () => {
    const vic = await submitted(20_000, { fullName: 'Viktor Testovich Sanctionov', dateOfBirth: '1970-03-02' });
    await decide(carla, vic, { decision: 'APPROVED' }, [REVIEW, 'case.investing.agreements'], 409);
    for (const item of EDD_ITEMS) {
      await call(vic, () =>
        t.request(`/api/admin/kyc/cases/${vic.userId}/edd/${item}`, { method: 'PUT', headers: { ...bearer(carla.token), 'content-type': 'application/json' }, body: JSON.stringify({ done: true, expectedRound: 1 }) }),
      );
    }
    await decide(carla, vic, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    await decide(dmitri, vic, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
  });

  /** A newer list naming these investors, loaded as the operator's command does, and its rescreen run. */
  async function listNames(investorsNamed: { investor: Investor; name: string; dateOfBirth: string }[]) {
    const header = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';
    const rows = investorsNamed.map(({ name, dateOfBirth }, i) => `replay-${i},Person,${name},,${dateOfBirth},,,,Replay sanctions,,,replay_sanctions,,,`);
    await loadScreeningList(t.database.db, { text: `${header}\n${rows.join('\n')}\n`, source: 'Lifecycle replay list', now: t.clock.now() });
    calls++;
    await t.runDueJobs();
    await t.runDueJobs();
  }

  it('monitoring: a new list names an approved investor and a half-approved one; both go back to review', async () => {
    const quinn = { name: 'Quillon Replayvich Monitorov', dateOfBirth: '1977-07-07' };
    const rhea = { name: 'Rhealia Fourova Watchlistova', dateOfBirth: '1981-01-08' };
    const approved = await submitted(20_000, { fullName: quinn.name, dateOfBirth: quinn.dateOfBirth });
    await decide(carla, approved, { decision: 'APPROVED' }, [APPROVED, 'case.investing.agreements']);
    const half = await submitted(150_000, { fullName: rhea.name, dateOfBirth: rhea.dateOfBirth });
    await decide(carla, half, { decision: 'APPROVED' }, ['case.review.firstApprovalGiven', 'case.investing.agreements']);
    await listNames([
      { investor: approved, ...quinn },
      { investor: half, ...rhea },
    ]);
    await holds(approved.userId, [REVIEW, 'case.investing.agreements']);
    await holds(half.userId, [REVIEW, 'case.investing.agreements']);
    expect((await storedCase(t, half.userId)).context).toMatchObject({ kycRound: 2, firstApprover: null });
  });

  it('every transition of the lifecycle was taken through the API; the audit chain is whole', async () => {
    const rows = await t.database.db.execute(sql`select distinct jsonb_array_elements_text(detail->'lifecycle'->'via') as id
      from audit_events where user_id in (${sql.join(investors.map((id) => sql`${id}::uuid`), sql`, `)}) and detail ? 'lifecycle'`);
    const taken = new Set(((rows as unknown as { rows: { id: string }[] }).rows ?? (rows as unknown as { id: string }[])).map((r) => r.id));
    const all = [...transitionIds(investmentMachine).values()];
    const missing = all.filter((id) => !taken.has(id));
    expect(missing).toEqual(Object.keys(NOT_THROUGH_THE_API));
    expect([...taken].filter((id) => !all.includes(id)), 'ids the chart does not have').toEqual([]);
    expect((await verifyAuditChain(t.database.db, () => t.clock.now())).ok).toBe(true);
    console.log(
      `[lifecycle API replay ${t.backend}] ${all.length - missing.length}/${all.length} transitions through the API, ${investors.length} investors, ${calls} calls, ${((Date.now() - started) / 1000).toFixed(1)} s; not through the API: ${missing.join(', ') || 'none'}`,
    );
  });
});
