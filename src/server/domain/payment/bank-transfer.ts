/**
 * GET /api/payment/bank-transaction-config: the foundation's bank details (configuration), the investor's own wire
 * reference, the wire total computed from their investment, and the EPC QR of that transfer. Refused (409) until the
 * investor's agreements are complete, as every payment call is. Shown in the portal only, never emailed.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import { fromCents, paymentAmounts, wireReference, type BankTransactionConfigResponse } from '../../../shared/payment.ts';
import { groupedIban, type BankAccount } from '../../config/bank-env.ts';
import { investments, legalAgreements } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Log } from '../../log.ts';
import { describeError } from '../../log.ts';
import { epcPayload, epcQrDataUrl } from './epc-qr.ts';

export async function getBankTransactionConfig(db: Db, bank: BankAccount, userId: string, log: Log): Promise<BankTransactionConfigResponse> {
  const [row] = await db
    .select({ amount: investments.amount, legalCompletedAt: legalAgreements.completedAt })
    .from(investments)
    .leftJoin(legalAgreements, eq(legalAgreements.userId, investments.userId))
    .where(eq(investments.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  if (!row.legalCompletedAt) throw new AppError('CONFLICT', messages.payment.agreementsFirst);

  const { totalCents } = paymentAmounts(row.amount, 'WIRE');
  const reference = wireReference(userId);
  let qrImage: string | null = null;
  try {
    qrImage = await epcQrDataUrl(epcPayload({ bic: bank.bic, name: bank.accountName, iban: bank.iban, amountCents: totalCents, remittance: reference }));
  } catch (error) {
    log.warn('No EPC QR for a wire transfer', { reason: describeError(error), totalCents });
  }
  return {
    bankDetails: { bankName: bank.bankName, accountName: bank.accountName, accountNumber: groupedIban(bank.iban), swiftBic: bank.bic, reference },
    amount: fromCents(totalCents),
    qrImage,
    qrError: qrImage ? null : messages.payment.qrNotAvailable,
  };
}
