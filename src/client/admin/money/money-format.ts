/** How the finance pages write amounts and statuses. */
import { eurAmount } from '../../../shared/admin/money.ts';
import { PAYMENT_STATUS_LABELS } from '../../../shared/payment.ts';

export const eur = eurAmount;

/** Short status words for the back office (the investor's longer ON_HOLD sentence is theirs). */
export const STATUS_SHORT: Record<string, string> = { ...PAYMENT_STATUS_LABELS, ON_HOLD: 'On hold' };
