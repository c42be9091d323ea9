/** The EPC069-12 payload, line by line, its limits, and the PNG read back by zbarimg. */
import { describe, expect, it } from 'vitest';
import { EPC_MAX_AMOUNT_CENTS, EpcPayloadError, epcPayload, epcQrDataUrl, type EpcTransfer } from '../../../src/server/domain/payment/epc-qr.ts';
import { decodeQrDataUrl, zbarAvailable } from './zbar.ts';

const transfer: EpcTransfer = { bic: 'COBADEFFXXX', name: 'G2G Token Foundation', iban: 'DE89370400440532013000', amountCents: 2_500_000, remittance: 'G2G-INV-ABCDEF' };

describe('epcPayload', () => {
  it('writes the eleven lines: BCD 002 1 SCT BIC name IBAN EUR amount, empty purpose and RF reference, our reference', () => {
    expect(epcPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'G2G Token Foundation',
      'DE89370400440532013000',
      'EUR25000.00',
      '',
      '',
      'G2G-INV-ABCDEF',
    ]);
  });

  it('always two decimals, from integer cents', () => {
    const amount = (amountCents: number) => epcPayload({ ...transfer, amountCents }).split('\n')[7];
    expect(amount(1)).toBe('EUR0.01');
    expect(amount(10)).toBe('EUR0.10');
    expect(amount(1_234_567)).toBe('EUR12345.67');
    expect(amount(EPC_MAX_AMOUNT_CENTS)).toBe('EUR999999999.99');
  });

  it.each([0, -1, EPC_MAX_AMOUNT_CENTS + 1, 1.5, Number.NaN])('refuses the amount %s cents', (amountCents) => {
    expect(() => epcPayload({ ...transfer, amountCents })).toThrow(EpcPayloadError);
  });

  it('refuses a name above 70 characters, a remittance above 140, a line break anywhere, an empty name', () => {
    expect(() => epcPayload({ ...transfer, name: 'n'.repeat(71) })).toThrow(/name/);
    expect(epcPayload({ ...transfer, name: 'ü'.repeat(70) })).toContain('ü'.repeat(70));
    expect(() => epcPayload({ ...transfer, remittance: 'r'.repeat(141) })).toThrow(/remittance/);
    expect(() => epcPayload({ ...transfer, remittance: 'G2G\nEUR1.00' })).toThrow(/line break/);
    expect(() => epcPayload({ ...transfer, name: 'A\r' })).toThrow(/line break/);
    expect(() => epcPayload({ ...transfer, name: '' })).toThrow(/name/);
  });

  it('refuses a payload above 331 bytes (multi-byte characters counted as bytes)', () => {
    // 70 four-byte characters + 140 four-byte characters: well inside the character limits, far above 331 bytes.
    expect(() => epcPayload({ ...transfer, name: '𝔊'.repeat(70), remittance: '𝔊'.repeat(140) })).toThrow(/331 bytes/);
    const longest = epcPayload({ ...transfer, name: 'N'.repeat(70), remittance: 'R'.repeat(140), bic: 'COBADEFFXXX', iban: 'MT84MALT011000012345MTLCAST001S' });
    expect(Buffer.byteLength(longest)).toBeLessThanOrEqual(331);
  });
});

describe('epcQrDataUrl', () => {
  it('is a PNG data URL that zbarimg decodes to exactly the payload', async () => {
    const payload = epcPayload(transfer);
    const url = await epcQrDataUrl(payload);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    if (!zbarAvailable()) return;
    expect(decodeQrDataUrl(url)).toBe(payload);
  });

  it('keeps UTF-8 names intact through the code', async () => {
    const payload = epcPayload({ ...transfer, name: 'Stiftung Zürich Genève' });
    const url = await epcQrDataUrl(payload);
    if (!zbarAvailable()) return;
    expect(decodeQrDataUrl(url)).toBe(payload);
  });
});
