/**
 * The EPC069-12 "SEPA credit transfer" QR (the GiroCode banking apps scan): version 002, UTF-8 (character set 1),
 * one field a line:
 *    1 BCD   2 002   3 1   4 SCT   5 BIC   6 beneficiary name (<= 70)   7 IBAN   8 EUR<amount, 2 decimals>
 *    9 purpose (empty)   10 structured creditor reference (empty)   11 unstructured remittance (our reference, <= 140)
 * Our reference is not an ISO 11649 RF reference, so it goes in line 11 and line 10 stays empty (a payload has one
 * or the other). The whole payload is at most 331 bytes; an amount must be 0.01 to 999,999,999.99.
 */
export const EPC_MAX_PAYLOAD_BYTES = 331;
export const EPC_MAX_AMOUNT_CENTS = 99_999_999_999;
export const EPC_MAX_NAME = 70;
export const EPC_MAX_REMITTANCE = 140;

export type EpcTransfer = { bic: string; name: string; iban: string; amountCents: number; remittance: string };

export class EpcPayloadError extends Error {
  override readonly name = 'EpcPayloadError';
}

const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The payload text, or EpcPayloadError when the transfer cannot be one. */
export function epcPayload(transfer: EpcTransfer): string {
  const { bic, name, iban, amountCents, remittance } = transfer;
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > EPC_MAX_AMOUNT_CENTS) throw new EpcPayloadError('amount outside 0.01-999999999.99 EUR');
  if ([bic, name, iban, remittance].some((field) => /[\r\n]/.test(field))) throw new EpcPayloadError('a field holds a line break');
  if (name.length === 0 || [...name].length > EPC_MAX_NAME) throw new EpcPayloadError(`beneficiary name must be 1-${EPC_MAX_NAME} characters`);
  if ([...remittance].length > EPC_MAX_REMITTANCE) throw new EpcPayloadError(`remittance must be at most ${EPC_MAX_REMITTANCE} characters`);
  const payload = ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${euros(amountCents)}`, '', '', remittance].join('\n');
  if (Buffer.byteLength(payload, 'utf8') > EPC_MAX_PAYLOAD_BYTES) throw new EpcPayloadError(`payload above ${EPC_MAX_PAYLOAD_BYTES} bytes`);
  return payload;
}

/** The payload as a PNG data URL, error correction M (EPC069-12). The encoder loads on first use, not at every start. */
export async function epcQrDataUrl(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', type: 'image/png', margin: 4, scale: 4 });
}
