/**
 * The wallet address and the completion of the agreements step, on both databases: EIP-55 checked, stored as
 * entered; completion only with seven signatures and a valid wallet, in one transaction with the step moved on to
 * payment, an audit event naming each document's hash and seven sealing jobs; repeats answer the same and enqueue
 * nothing more.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, type LegalCompleteResponse, type LegalProgressResponse } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { forEachDatabase, randomWallet } from './harness.ts';
import { completeAgreements, legalInvestor, legalProgress, saveAgreements, signAllAgreements, signatureRows } from './support/legal.ts';
import { rowCounts } from './support/row-counts.ts';

/** EIP-55's own examples (all four, mixed case) and the same addresses with one letter's case flipped. */
const CHECKSUMMED = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];
function flipped(address: string): string {
  const i = address.search(/[a-fA-F][^a-fA-F]*$/);
  const c = address[i]!;
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
}

forEachDatabase('agreements: wallet and completion', (t) => {
  const currentStep = async (userId: string) =>
    (await t.database.db.select({ step: schema.userDetails.currentStep }).from(schema.userDetails).where(eq(schema.userDetails.userId, userId)))[0]?.step;
  const sealJobs = (signatureIds: string[]) =>
    t.database.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, 'seal-agreement'), inArray(schema.jobs.dedupeKey, signatureIds.map((id) => `seal-agreement:${id}`))));

  it('checks the wallet: format and EIP-55 refused in the step’s words, naming the field; stored trimmed, as entered', async () => {
    const { token, userId } = await legalInvestor(t);
    const refusals: [string, string][] = [
      ['', messages.legal.walletRequired],
      ['0x123', messages.legal.walletRequired],
      ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', messages.legal.walletRequired],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeG', messages.legal.walletRequired],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', messages.legal.walletRequired],
      ['0x５aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', messages.legal.walletRequired],
      ...CHECKSUMMED.map((a): [string, string] => [flipped(a), messages.legal.walletChecksum]),
    ];
    for (const [wallet, error] of refusals) {
      const before = await rowCounts(t.database.db);
      const res = await saveAgreements(t, token, {}, wallet);
      expect(res.status, wallet).toBe(400);
      expect(await res.json()).toEqual({ error, field: 'walletAddress' });
      expect(await rowCounts(t.database.db)).toEqual(before);
    }
    // The refusals' words mention the wallet address, so the page shows the spec's wallet message for them.
    for (const error of [messages.legal.walletRequired, messages.legal.walletChecksum]) expect(error).toMatch(/wallet address/i);

    const accepted = [...CHECKSUMMED, CHECKSUMMED[0]!.toLowerCase(), `0x${CHECKSUMMED[1]!.slice(2).toUpperCase()}`, `  ${CHECKSUMMED[2]}\t`];
    for (const wallet of accepted) {
      const res = await saveAgreements(t, token, {}, wallet);
      expect(res.status, wallet).toBe(200);
      expect(((await res.json()) as LegalProgressResponse).walletAddress).toBe(wallet.trim());
    }
    const audit = await t.database.db.query.auditEvents.findMany({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.action, 'legal.wallet.saved')) });
    expect(audit).toHaveLength(accepted.length);
  });

  it('refuses completion with six signed, and with a bad or missing wallet (409), writing nothing', async () => {
    const { token, userId } = await legalInvestor(t);
    // An account registered before registration checked the checksum: its wallet fails it.
    await t.database.db.update(schema.legalAgreements).set({ walletAddress: flipped(CHECKSUMMED[0]!) }).where(eq(schema.legalAgreements.userId, userId));
    const refuse = async () => {
      const before = await rowCounts(t.database.db);
      const res = await t.post('/api/legal/complete', {}, token);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: messages.legal.completeAllRequired });
      expect(await rowCounts(t.database.db)).toEqual(before);
    };
    await refuse();
    await signAllAgreements(t, token, { except: ['risk'], walletAddress: CHECKSUMMED[0] });
    await refuse();
    // Seven signed, but the wallet kept from registration fails its checksum (an account from before that check).
    await t.database.db.update(schema.legalAgreements).set({ walletAddress: flipped(CHECKSUMMED[0]!) }).where(eq(schema.legalAgreements.userId, userId));
    await signAllAgreements(t, token, { except: AGREEMENT_KEYS.filter((k) => k !== 'risk') });
    await refuse();
    await t.database.db.update(schema.legalAgreements).set({ walletAddress: null }).where(eq(schema.legalAgreements.userId, userId));
    await refuse();
    expect(await currentStep(userId)).toBe('agreements');
    expect((await legalProgress(t, token)).status).toBe('IN_PROGRESS');
  });

  it('completes in one go: status, step to payment, audit with every hash, seven sealing jobs; a repeat answers the same', async () => {
    const { token, userId } = await legalInvestor(t);
    const wallet = CHECKSUMMED[3]!;
    const signed = await signAllAgreements(t, token, { walletAddress: wallet });
    t.clock.advance(60_000);
    const res = await t.post('/api/legal/complete', { agreements: signed.agreements }, token);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as LegalCompleteResponse;
    expect(answer).toEqual({ status: 'COMPLETED', completedAt: t.clock.now().toISOString(), walletAddress: wallet, nextStep: 'payment' });
    expect(await currentStep(userId)).toBe('payment');
    const progress = await legalProgress(t, token);
    expect(progress).toMatchObject({ status: 'COMPLETED', completedAt: answer.completedAt, walletAddress: wallet });

    const signatures = await signatureRows(t, userId);
    expect(signatures).toHaveLength(7);
    const jobs = await sealJobs(signatures.map((s) => s.id));
    expect(jobs).toHaveLength(7);
    const [audit, ...more] = await t.database.db.query.auditEvents.findMany({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.action, 'legal.completed')) });
    expect(more).toEqual([]);
    const detail = audit!.detail as { walletAddress: string; agreements: { key: string; sha256: string; signatureId: string }[] };
    expect(detail.walletAddress).toBe(wallet);
    expect(detail.agreements.map((a) => a.key)).toEqual([...AGREEMENT_KEYS]);
    for (const a of detail.agreements) expect(a.sha256).toBe(progress.configurations[a.key as keyof typeof progress.configurations].sha256);

    // Again, and ten at once: the same answer, no second set of jobs, nothing written.
    t.clock.advance(60_000);
    const before = await rowCounts(t.database.db);
    const again = await Promise.all(Array.from({ length: 10 }, () => t.post('/api/legal/complete', undefined, token)));
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual(answer);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('ten parallel first completions enqueue one set of seven jobs', async () => {
    const { token, userId } = await legalInvestor(t);
    await signAllAgreements(t, token);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post('/api/legal/complete', {}, token)));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const signatures = await signatureRows(t, userId);
    expect(await sealJobs(signatures.map((s) => s.id))).toHaveLength(7);
    expect(await t.database.db.query.auditEvents.findMany({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.action, 'legal.completed')) })).toHaveLength(1);
  });

  it('after completion: the page’s state and wallet sent again are accepted, a change is 409', async () => {
    const { token } = await legalInvestor(t);
    const wallet = randomWallet();
    await completeAgreements(t, token, wallet);
    const { agreements } = await legalProgress(t, token);
    const before = await rowCounts(t.database.db);
    expect((await saveAgreements(t, token, agreements, wallet)).status).toBe(200);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const other = await saveAgreements(t, token, agreements, randomWallet());
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: messages.legal.alreadyComplete });
    const unsign = await saveAgreements(t, token, { [AGREEMENT_NAMES.privacy]: { ...agreements[AGREEMENT_NAMES.privacy]!, signed: false } });
    expect(unsign.status).toBe(409);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('steps out of order: completion before KYC is 409 in the KYC words; another investor’s completion is theirs only', async () => {
    const a = await legalInvestor(t);
    const b = await legalInvestor(t);
    await completeAgreements(t, a.token);
    expect((await legalProgress(t, b.token)).status).toBe('PENDING');
    const res = await t.post('/api/legal/complete', {}, b.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: messages.legal.completeAllRequired });
  });
});
