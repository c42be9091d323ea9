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

export async function wireDetails(bank: BankAccount, reference: string, amountCents: number, log: Log): Promise<WireDetails> {
  let qrImage: string | null = null;
  try {
    qrImage = await epcQrDataUrl(epcPayload({ bic: bank.bic, name: bank.accountName, iban: bank.iban, amountCents, remittance: reference }));
  } catch (error) {
    log.warn('No EPC QR for a wire transfer', { reason: describeError(error), totalCents: amountCents });
  }
  return {
    bankDetails: { bankName: bank.bankName, accountName: bank.accountName, accountNumber: groupedIban(bank.iban), swiftBic: bank.bic, reference },
    qrImage,
  };
}
