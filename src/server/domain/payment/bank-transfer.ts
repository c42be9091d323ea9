/**
 * GET /api/payment/bank-transaction-config: the foundation's bank details (configuration), the investor's own wire
 * reference, the wire total computed from their investment, and the EPC QR of that transfer. Refused (409) until the
 * investor's agreements are complete, as every payment call is. Shown in the portal only, never emailed.
 */
import { messages } from '../../../shared/messages.ts';
import { fromCents, paymentAmounts, wireReference, type BankTransactionConfigResponse } from '../../../shared/payment.ts';
import type { BankAccount } from '../../config/bank-env.ts';
import type { Db } from '../../db/types.ts';
import type { Log } from '../../log.ts';
import { checkPaymentAccess } from './payment-access.ts';
import { wireDetails } from './wire-details.ts';

export async function getBankTransactionConfig(db: Db, bank: BankAccount, userId: string, log: Log): Promise<BankTransactionConfigResponse> {
  // The same gate as every payment call (agreements COMPLETED), not a look-alike of its own.
  const investment = await checkPaymentAccess(db, userId, { starting: true });
  const { totalCents } = paymentAmounts(investment.amount, 'WIRE');
  const { bankDetails, qrImage } = await wireDetails(bank, wireReference(userId), totalCents, log);
  return {
    bankDetails,
    amount: fromCents(totalCents),
    qrImage,
    qrError: qrImage ? null : messages.payment.qrNotAvailable,
  };
}
