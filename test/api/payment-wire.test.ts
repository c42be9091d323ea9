/**
 * GET /api/payment/bank-transaction-config: refused before the agreements are complete; the investor's own reference
 * and wire total only; the bank details from configuration with the IBAN grouped; the EPC QR read back by zbarimg
 * gives exactly the payload; an amount EPC cannot carry gives qrError instead of a wrong code.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { BankTransactionConfigResponseSchema, paymentAmounts, wireReference, type BankTransactionConfigResponse } from '../../src/shared/payment.ts';
import { loadBankSettings } from '../../src/server/config/bank-env.ts';
import { investments, legalAgreements } from '../../src/server/db/schema/index.ts';
import { epcPayload } from '../../src/server/domain/payment/epc-qr.ts';
import { decodeQrDataUrl, zbarAvailable } from '../unit/payment/zbar.ts';
import { bearer, forEachDatabase, type ApiTest } from './harness.ts';
import { legalInvestor } from './support/legal.ts';

const PATH = '/api/payment/bank-transaction-config';

/** The agreements step done, as POST /api/legal/complete leaves it (its own tests cover how it gets there). */
async function completeLegal(t: ApiTest, userId: string): Promise<void> {
  await t.database.db.update(legalAgreements).set({ status: 'COMPLETED', completedAt: t.clock.now() }).where(eq(legalAgreements.userId, userId));
}

async function payingInvestor(t: ApiTest, investmentAmount = 25_000) {
  const investor = await legalInvestor(t, { investmentAmount });
  await completeLegal(t, investor.userId);
  return investor;
}

forEachDatabase('wire bank details', (t) => {
  let zbar = false;
  beforeAll(() => {
    zbar = zbarAvailable();
  });

  const config = async (token: string, app = t.app): Promise<BankTransactionConfigResponse> => {
    const res = await app.request(PATH, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return v.parse(BankTransactionConfigResponseSchema, await res.json());
  };

  it('needs a session', async () => {
    expect((await t.get(PATH)).status).toBe(401);
    expect((await t.get(PATH, 'not-a-token')).status).toBe(401);
  });

  it('is refused (409) before the agreements are complete', async () => {
    const { token } = await legalInvestor(t);
    const res = await t.get(PATH, token);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: messages.payment.agreementsFirst });
  });

  it('the demo account, the investor reference, the wire total (no fee) and a QR that decodes to exactly the EPC payload', async () => {
    const { token, userId } = await payingInvestor(t, 25_000);
    const answer = await config(token);
    expect(answer.bankDetails).toEqual({
      bankName: loadBankSettings({}).bankName,
      accountName: 'G2G Token Foundation',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      swiftBic: 'COBADEFFXXX',
      reference: wireReference(userId),
    });
    expect(answer.bankDetails.reference).toMatch(/^G2G-INV-[0-9A-F]{6}$/);
    expect(answer.amount).toBe(25_000);
    expect(answer.qrError).toBeNull();
    expect(answer.qrImage).toMatch(/^data:image\/png;base64,/);
    const payload = 'BCD\n002\n1\nSCT\nCOBADEFFXXX\nG2G Token Foundation\nDE89370400440532013000\nEUR25000.00\n\n\n' + wireReference(userId);
    if (zbar) expect(decodeQrDataUrl(answer.qrImage!)).toBe(payload);
  });

  it('the configured account, with an odd amount in cents', async () => {
    const bank = loadBankSettings({
      BANK_NAME: 'Zuger Kantonalbank',
      BANK_ACCOUNT_NAME: 'G2G Token Stiftung Zürich',
      BANK_IBAN: 'CH93 0076 2011 6238 5295 7',
      BANK_BIC: 'KBZGCH22',
    });
    const app = t.makeApp({}, { bank });
    const { token, userId } = await payingInvestor(t, 12_345.67);
    const answer = await config(token, app);
    expect(answer.bankDetails).toMatchObject({ bankName: 'Zuger Kantonalbank', accountNumber: 'CH93 0076 2011 6238 5295 7', swiftBic: 'KBZGCH22' });
    expect(answer.amount).toBe(12_345.67);
    const payload = epcPayload({ bic: 'KBZGCH22', name: 'G2G Token Stiftung Zürich', iban: 'CH9300762011623852957', amountCents: 1_234_567, remittance: wireReference(userId) });
    expect(payload.split('\n')[7]).toBe('EUR12345.67');
    if (zbar) expect(decodeQrDataUrl(answer.qrImage!)).toBe(payload);
  });

  it('each investor gets only their own reference and amount', async () => {
    const first = await payingInvestor(t, 10_000);
    const second = await payingInvestor(t, 40_000);
    const [a, b] = await Promise.all([config(first.token), config(second.token)]);
    expect(a.bankDetails.reference).toBe(wireReference(first.userId));
    expect(b.bankDetails.reference).toBe(wireReference(second.userId));
    expect(a.amount).toBe(10_000);
    expect(b.amount).toBe(40_000);
    expect(a.qrImage).not.toBe(b.qrImage);
    // Nothing in the request picks the investor: a query naming the other one changes nothing.
    const res = await t.get(`${PATH}?userId=${second.userId}&reference=${wireReference(second.userId)}`, first.token);
    expect(((await res.json()) as BankTransactionConfigResponse).bankDetails.reference).toBe(wireReference(first.userId));
  });

  it('20 parallel calls answer the same', async () => {
    const { token } = await payingInvestor(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => config(token)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('a total EPC cannot carry: no QR, the catalogue words, the bank details still there', async () => {
    const { token, userId } = await payingInvestor(t);
    // Above EPC's 999,999,999.99 (the settings cap investments far lower; a row can still hold it).
    await t.database.db.update(investments).set({ amount: 1_000_000_000 }).where(eq(investments.userId, userId));
    const answer = await config(token);
    expect(answer.qrImage).toBeNull();
    expect(answer.qrError).toBe(messages.payment.qrNotAvailable);
    expect(answer.amount).toBe(fromWire(1_000_000_000));
    expect(answer.bankDetails.reference).toBe(wireReference(userId));
    expect(t.log.entries.some((e) => e.level === 'warn' && /No EPC QR/.test(e.message))).toBe(true);
  });
});

const fromWire = (amount: number) => paymentAmounts(amount, 'WIRE').totalCents / 100;
