/**
 * GET /api/investment/statement (issue 28) on both databases: the investor's sealed statement of their case, one per
 * version of it. Hostile first: no token or a staff token gets nothing; an investor only ever gets their own (there is
 * no id to give, and a query naming another is ignored); asking again at one version answers the same bytes (one row,
 * one file, one audit event); five requests at once on two apps (two servers) make one row and one file; a failed
 * seal or a failed transaction leaves nothing behind. Then what it says: the amounts, the fee, the receipts, the
 * hashes of the signed agreements and the tokens' transaction, no member of staff; pdfsig says the seal is valid; and
 * /verify answers issued, a statement, at its issue time, for every statement issued.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, expect, it } from 'vitest';
import { INVESTMENT_STATEMENT_PATH, STATEMENT_FILE_NAME, STATEMENT_NO_CASE, STATEMENT_TITLE } from '../../src/shared/investment-statement.ts';
import { VERIFY_DOCUMENT_PATH, VerifyDocumentResponseSchema } from '../../src/shared/verify-document.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../../src/server/domain/sweep-orphan-files.ts';
import type { SealedPdf, SealFinishedPdfInput } from '../../src/server/pdf/seal-finished-pdf.ts';
import { havePdfTools, pdfsig, pdfText } from '../unit/support/pdf-tools.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { completeSteps, passDisclosure } from './support/kyc.ts';
import { completeAgreements } from './support/legal.ts';
import { issue, receipt, receiptBody } from './support/money.ts';
import { initiate, type PaymentInvestor } from './support/payment.ts';
import { createStaff, type TestStaff } from './support/staff.ts';

const tools = havePdfTools();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const euros = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A fresh client address per check, so the verify limit never counts one test's checks against another's. */
let addressCounter = 0;
const freshIp = () => `198.51.${110 + Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

forEachDatabase('the investor’s sealed statement', (t) => {
  beforeAll(() => t.startSealing());

  /** The statement as downloaded: 200, a PDF attachment under its name, never cached. */
  async function statement(token: string, app = t.app): Promise<Uint8Array> {
    const res = await app.request(INVESTMENT_STATEMENT_PATH, { headers: bearer(token) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename="${STATEMENT_FILE_NAME}"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    return bytes;
  }

  const statementRows = (userId: string) => t.database.db.select().from(schema.investmentStatements).where(eq(schema.investmentStatements.userId, userId)).orderBy(schema.investmentStatements.caseVersion);
  const statementFiles = (userId: string) =>
    t.database.db.select().from(schema.storedFiles).where(and(eq(schema.storedFiles.ownerId, userId), eq(schema.storedFiles.purpose, 'investment_statement')));
  const issuedEvents = (userId: string) =>
    t.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.userId, userId), eq(schema.auditEvents.action, 'investment.statement.issued')));
  const storeNames = async () => new Set(await readdir(t.storage.dir));
  const caseVersion = async (userId: string) => (await t.database.db.select({ version: schema.investmentCases.version }).from(schema.investmentCases).where(eq(schema.investmentCases.userId, userId)))[0]?.version;

  const verify = async (bytes: Uint8Array) => {
    const res = await t.postFrom(freshIp(), VERIFY_DOCUMENT_PATH, { sha256: sha256(bytes) });
    expect(res.status).toBe(200);
    return v.parse(VerifyDocumentResponseSchema, await res.json());
  };

  /** Registered, disclosure done, the KYC submitted and the agreements signed through the API (and sealed by the jobs). */
  async function signedInvestor(investmentAmount = 20_000): Promise<PaymentInvestor & { name: string }> {
    const { token, user, payload } = await t.register({ investmentAmount });
    await passDisclosure(t, user.userId);
    await completeSteps(t, token);
    expect((await t.post('/api/kyc/complete', {}, token)).status).toBe(200);
    await completeAgreements(t, token);
    return { token, userId: user.userId, email: payload.email, amount: investmentAmount, investmentId: '', name: (payload as { fullName: string }).fullName };
  }

  const neverNames = (text: string, staff: TestStaff[]) => {
    for (const member of staff) {
      expect(text).not.toContain(member.id);
      expect(text).not.toContain(member.email);
    }
    expect(text).not.toMatch(/Test (compliance|finance)/);
  };

  it('no token, a forged one, a staff member’s: 401, and nothing is made', async () => {
    const staff = await createStaff(t, ['finance']);
    const before = await storeNames();
    expect((await t.get(INVESTMENT_STATEMENT_PATH)).status).toBe(401);
    expect((await t.get(INVESTMENT_STATEMENT_PATH, 'not-a-token')).status).toBe(401);
    expect((await t.get(INVESTMENT_STATEMENT_PATH, staff.token)).status).toBe(401);
    expect(await storeNames()).toEqual(before);
  });

  it('an account without a case: 404 in words, nothing made', async () => {
    const { token, user } = await t.register();
    await t.database.db.delete(schema.investmentCases).where(eq(schema.investmentCases.userId, user.userId));
    const res = await t.get(INVESTMENT_STATEMENT_PATH, token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: STATEMENT_NO_CASE });
    expect(await statementRows(user.userId)).toEqual([]);
  });

  it('each investor gets their own, even at the same case version; a query or a path naming another changes nothing', async () => {
    const ada = await t.register({ fullName: 'Ada Byron' });
    const grace = await t.register({ fullName: 'Grace Hopper' });
    expect(await caseVersion(ada.user.userId)).toBe(await caseVersion(grace.user.userId));
    const adas = await statement(ada.token);
    const graces = await statement(grace.token);
    expect(sha256(adas)).not.toBe(sha256(graces));
    const [adaRow] = await statementRows(ada.user.userId);
    const [graceRow] = await statementRows(grace.user.userId);
    expect(adaRow?.sha256).toBe(sha256(adas));
    expect(graceRow?.sha256).toBe(sha256(graces));

    // Grace asking "for Ada" in every way a client could: still Grace's own, byte for byte.
    for (const path of [`${INVESTMENT_STATEMENT_PATH}?userId=${ada.user.userId}`, `${INVESTMENT_STATEMENT_PATH}?id=${adaRow!.id}&version=${adaRow!.caseVersion}`]) {
      const res = await t.get(path, grace.token);
      expect(res.status).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(graces));
    }
    for (const path of [`${INVESTMENT_STATEMENT_PATH}/${adaRow!.id}`, `${INVESTMENT_STATEMENT_PATH}/${ada.user.userId}`, `${INVESTMENT_STATEMENT_PATH}/../statement`]) {
      const res = await t.get(path, grace.token);
      expect(res.status === 404 || sha256(new Uint8Array(await res.arrayBuffer())) === sha256(graces), path).toBe(true);
    }
    if (!tools) return;
    const adaText = await pdfText(adas);
    const graceText = await pdfText(graces);
    expect(adaText).toContain(ada.payload.email);
    expect(adaText).toContain('Ada Byron');
    expect(graceText).toContain(grace.payload.email);
    expect(graceText).not.toContain(ada.payload.email);
    expect(graceText).not.toContain('Ada Byron');
  });

  it('asked again at one version: the same bytes, one row, one file, one audit event, no new seal', async () => {
    const { token, user } = await t.register();
    let seals = 0;
    t.sealWith({ sealPdf: (input) => (seals++, t.sealer.sealPdf(input)) });
    const before = await storeNames();
    const first = await statement(token);
    t.clock.advance(60_000);
    const second = await statement(token);
    const third = await statement(token);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(third).equals(Buffer.from(first))).toBe(true);
    expect(seals).toBe(1);
    expect(await statementRows(user.userId)).toHaveLength(1);
    expect(await statementFiles(user.userId)).toHaveLength(1);
    expect(await issuedEvents(user.userId)).toHaveLength(1);
    expect([...(await storeNames())].filter((n) => !before.has(n))).toHaveLength(1);
  });

  it('the hourly sweep keeps a statement’s file: its stored_files row names it', async () => {
    const { token, user } = await t.register();
    await statement(token);
    const [file] = await statementFiles(user.userId);
    await sweepOrphanFiles(t.database.db, t.storage, new Date(Date.now() + 2 * ORPHAN_GRACE_MS));
    expect(await storeNames()).toContain(file!.storedName);
    expect(Buffer.from(await statement(token)).length).toBe(file!.sizeBytes);
  });

  it('five requests at once, on two apps as on two servers: one row, one file in the store, all five the same bytes', async () => {
    const { token, user } = await t.register();
    const other = t.makeApp();
    // Each app seals at most once (its requests share one making); the barrier lets both apps seal before either
    // records, so the second one's insert meets the first one's row (the loser's path), whichever order they run in.
    const arrived: (() => void)[] = [];
    let seals = 0;
    const sealPdf = async (input: SealFinishedPdfInput): Promise<SealedPdf> => {
      seals++;
      await new Promise<void>((resolve) => {
        arrived.push(resolve);
        if (arrived.length === 2) for (const go of arrived) go();
        else setTimeout(resolve, 5_000);
      });
      return t.sealer.sealPdf(input);
    };
    t.sealWith({ sealPdf });
    const before = await storeNames();
    const apps = [t.app, other, t.app, other, t.app];
    const bodies = await Promise.all(apps.map((app) => statement(token, app)));
    expect(seals).toBe(2);
    for (const body of bodies) expect(sha256(body)).toBe(sha256(bodies[0]!));
    const rows = await statementRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sha256).toBe(sha256(bodies[0]!));
    const files = await statementFiles(user.userId);
    expect(files).toHaveLength(1);
    expect(files[0]!.id).toBe(rows[0]!.storedFileId);
    const added = [...(await storeNames())].filter((n) => !before.has(n));
    expect(added).toEqual([files[0]!.storedName]);
    expect(await issuedEvents(user.userId)).toHaveLength(1);
    // The loser's path was taken: its file removed, the winner's answered.
    expect(t.log.entries.filter((e) => e.message === 'An investment statement was issued by another request first')).toHaveLength(1);
  });

  it('the seal fails: 500, nothing stored or recorded; the next request makes it', async () => {
    const { token, user } = await t.register();
    t.sealWith({ sealPdf: () => Promise.reject(new Error('the sealing worker died')) });
    const before = await storeNames();
    const res = await t.get(INVESTMENT_STATEMENT_PATH, token);
    expect(res.status).toBe(500);
    expect(Object.keys(await res.json())).toEqual(['error']);
    expect(await storeNames()).toEqual(before);
    expect(await statementRows(user.userId)).toEqual([]);
    t.sealWith(null);
    await statement(token);
    expect(await statementRows(user.userId)).toHaveLength(1);
  });

  it('the transaction fails after the file was written: the file is removed, no row, no audit event; the next request makes it', async () => {
    const { token, user } = await t.register();
    const fn = `refuse_statement_${user.userId.replace(/-/g, '')}`;
    await t.database.db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
    await t.database.db.execute(sql.raw(`create trigger ${fn} before insert on investment_statements for each row when (new.user_id = '${user.userId}') execute function ${fn}()`));
    try {
      const before = await storeNames();
      const res = await t.get(INVESTMENT_STATEMENT_PATH, token);
      expect(res.status).toBe(500);
      expect(await storeNames()).toEqual(before);
      expect(await statementRows(user.userId)).toEqual([]);
      expect(await statementFiles(user.userId)).toEqual([]);
      expect(await issuedEvents(user.userId)).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger ${fn} on investment_statements`));
      await t.database.db.execute(sql.raw(`drop function ${fn}()`));
    }
    await statement(token);
    expect(await statementRows(user.userId)).toHaveLength(1);
  });

  it('a wire paid in two parts and the tokens issued: a new statement at each change, each saying what it must, each sealed and issued at /verify', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const finance = await createStaff(t, ['finance']);
    const ada = await signedInvestor();
    expect((await t.post(`/api/admin/kyc/cases/${ada.userId}/decision`, { expectedRound: 1, decision: 'APPROVED' }, compliance.token)).status).toBe(200);
    const wire = await initiate(t, ada, 'WIRE');
    expect((await t.post('/api/payment/process', { paymentMethod: 'WIRE', paymentId: wire.paymentId, transactionId: wire.paymentRef }, ada.token)).status).toBe(200);
    const [payment] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.id, wire.paymentId));
    const sealedAgreements = await t.database.db
      .select({ title: schema.signedDocuments.title, sha256: schema.storedFiles.sha256 })
      .from(schema.signedDocuments)
      .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.signedDocuments.storedFileId))
      .where(eq(schema.signedDocuments.userId, ada.userId));
    expect(sealedAgreements).toHaveLength(7);

    // Part received.
    const part = Math.round(wire.totalAmount * 40) / 100;
    const firstReceipt = receiptBody({ amount: part, reference: 'BANK-A1' });
    expect((await t.post(`/api/admin/payments/${wire.paymentId}/receipts`, firstReceipt, finance.token)).status).toBe(200);
    const first = await statement(ada.token);
    const partCents = Math.round(part * 100);
    const due = payment!.totalCents - partCents;

    // The rest received: a new version, a new statement.
    t.clock.advance(60_000);
    expect((await receipt(t, finance.token, wire.paymentId, { amount: due / 100, reference: 'BANK-A2' })).status).toBe(200);
    const second = await statement(ada.token);
    expect(sha256(second)).not.toBe(sha256(first));

    // Tokens issued: another.
    t.clock.advance(60_000);
    const issued = await issue(t, finance.token, ada.userId);
    expect(issued.status).toBe(200);
    const [issuance] = await t.database.db.select().from(schema.tokenIssuances).where(eq(schema.tokenIssuances.userId, ada.userId));
    const third = await statement(ada.token);

    const rows = await statementRows(ada.userId);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.caseVersion)).size).toBe(3);
    expect(rows.map((r) => r.sha256)).toEqual([first, second, third].map(sha256));
    expect(rows.at(-1)!.caseVersion).toBe(await caseVersion(ada.userId));

    // The audit trail: one event per statement, naming its version, hash, size and seal.
    const events = await issuedEvents(ada.userId);
    expect(events).toHaveLength(3);
    for (const [i, bytes] of [first, second, third].entries()) {
      const event = events.find((e) => e.detail.sha256 === sha256(bytes));
      expect(event?.detail).toEqual({ statementId: rows[i]!.id, caseVersion: rows[i]!.caseVersion, sha256: sha256(bytes), size: bytes.byteLength, seal: { subject: t.sealer.certificate.subject, fingerprintSha256: t.sealer.certificate.fingerprintSha256 } });
      expect(event?.staffId).toBeNull();
    }

    // /verify: every statement issued is issued, as a statement, at its own issue time; one changed byte is not.
    for (const [i, bytes] of [first, second, third].entries()) {
      expect(await verify(bytes)).toEqual({ issued: true, kind: 'statement', title: STATEMENT_TITLE, signedAt: rows[i]!.issuedAt.toISOString() });
    }
    const changed = Uint8Array.from(third);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    expect(await verify(changed)).toEqual({ issued: false });

    if (!tools) return;
    for (const bytes of [first, second, third]) {
      const report = await pdfsig(bytes);
      expect(report.signatures, report.text).toBe(1);
      expect(report.valid, report.text).toBe(true);
    }
    const firstText = await pdfText(first);
    const thirdText = await pdfText(third);
    for (const text of [firstText, thirdText]) {
      expect(text).toContain(STATEMENT_TITLE.toUpperCase());
      expect(text).toContain(ada.name);
      expect(text).toContain(ada.email);
      expect(text).toContain(`Amount committed: ${euros(ada.amount * 100)}`);
      expect(text).toContain(`amount ${euros(payment!.amountCents)}, fee ${euros(payment!.feeCents)}, total ${euros(payment!.totalCents)}`);
      expect(text).toContain(`${euros(partCents)} received on ${firstReceipt.receivedOn}`);
      for (const agreement of sealedAgreements) {
        expect(text).toContain(agreement.title);
        expect(text).toContain(agreement.sha256);
      }
      expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      // The bank's own references are finance's bookkeeping, not the investor's.
      expect(text).not.toContain('BANK-A1');
      neverNames(text, [compliance, finance]);
    }
    expect(firstText).toContain(`Still due: ${euros(due)}`);
    expect(firstText).toContain('No tokens were issued yet.');
    expect(thirdText).toContain(`${euros(due)} received on`);
    expect(thirdText).toContain('Still due: €0.00');
    expect(thirdText).toContain(`Transaction hash: ${issuance!.transactionHash}`);
    expect(thirdText).toContain(issuance!.walletAddress);
    expect(thirdText).toContain('Your tokens were sent to your wallet.');
  });
});
