/**
 * Where an investor wires money: the foundation's bank details with the investor's reference, and the EPC QR of the
 * transfer of `amountCents` (null when no QR can be made: the transfer is still possible by hand). The payment page
 * shows it for the whole amount; the investor's status page again for what is still due after a partial receipt.
 */
import { groupedIban, type BankAccount } from '../../config/bank-env.ts';
import { describeError, type Log } from '../../log.ts';
import { epcPayload, epcQrDataUrl } from './epc-qr.ts';

export type WireDetails = {
  bankDetails: { bankName: string; accountName: string; accountNumber: string; swiftBic: string; reference: string };
  qrImage: string | null;
};

/**
 * The QR images drawn lately, by their EPC payload (account, amount and reference: everything the image shows). A
 * status page asks every 30 s while a wire is awaited and one image takes ~9 ms of CPU to draw; the same transfer
 * always draws the same image. Least recently used first out; a failed drawing is not kept.
 */
const QR_CACHE_SIZE = 1000;
const drawnQrs = new Map<string, Promise<string>>();

function qrFor(payload: string): Promise<string> {
  const kept = drawnQrs.get(payload);
  if (kept) {
    drawnQrs.delete(payload);
    drawnQrs.set(payload, kept);
    return kept;
  }
  const drawing = epcQrDataUrl(payload);
  drawnQrs.set(payload, drawing);
  if (drawnQrs.size > QR_CACHE_SIZE) drawnQrs.delete(drawnQrs.keys().next().value as string);
  drawing.catch(() => {
    if (drawnQrs.get(payload) === drawing) drawnQrs.delete(payload);
  });
  return drawing;
}

/** How many QR images are kept (for tests). */
export const keptQrCount = (): number => drawnQrs.size;

export async function wireDetails(bank: BankAccount, reference: string, amountCents: number, log: Log): Promise<WireDetails> {
  let qrImage: string | null = null;
  try {
    qrImage = await qrFor(epcPayload({ bic: bank.bic, name: bank.accountName, iban: bank.iban, amountCents, remittance: reference }));
  } catch (error) {
    log.warn('No EPC QR for a wire transfer', { reason: describeError(error), totalCents: amountCents });
  }
  return {
    bankDetails: { bankName: bank.bankName, accountName: bank.accountName, accountNumber: groupedIban(bank.iban), swiftBic: bank.bic, reference },
    qrImage,
  };
}
