/** The wire details' QR images are drawn once per transfer and kept (bounded), so a status page's polls cost nothing. */
import { describe, expect, it } from 'vitest';
import type { BankAccount } from '../../../src/server/config/bank-env.ts';
import { keptQrCount, wireDetails } from '../../../src/server/domain/payment/wire-details.ts';
import type { Log } from '../../../src/server/log.ts';

const bank: BankAccount = { bankName: 'Demo Bank', accountName: 'G2G Token Foundation', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', demoDefaults: [] };
const warnings: unknown[] = [];
const log = { info: () => {}, warn: (...args: unknown[]) => void warnings.push(args), error: () => {} } as unknown as Log;

describe('wireDetails', () => {
  it('draws the same transfer once, a different amount or reference again', async () => {
    const before = keptQrCount();
    const first = await wireDetails(bank, 'G2G-INV-AAAAAA', 100_00, log);
    const again = await wireDetails(bank, 'G2G-INV-AAAAAA', 100_00, log);
    expect(again.qrImage).toBe(first.qrImage);
    expect(keptQrCount()).toBe(before + 1);
    const rest = await wireDetails(bank, 'G2G-INV-AAAAAA', 40_00, log);
    const other = await wireDetails(bank, 'G2G-INV-BBBBBB', 100_00, log);
    expect(rest.qrImage).not.toBe(first.qrImage);
    expect(other.qrImage).not.toBe(first.qrImage);
    expect(keptQrCount()).toBe(before + 3);
  });

  it('keeps at most 1,000 images, and none for a transfer it cannot draw', async () => {
    for (let i = 0; i < 1_010; i++) await wireDetails(bank, `G2G-INV-${i}`, 1 + i, log);
    expect(keptQrCount()).toBe(1_000);
    const none = await wireDetails(bank, 'G2G-INV-X', 0, log); // 0 EUR: no EPC payload
    expect(none.qrImage).toBeNull();
    expect(none.bankDetails.reference).toBe('G2G-INV-X');
    expect(warnings).toHaveLength(1);
  }, 60_000);
});
