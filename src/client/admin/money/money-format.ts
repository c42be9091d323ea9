/** How the finance pages write amounts and statuses. */
import { PAYMENT_STATUS_LABELS } from '../../../shared/payment.ts';

export const eur = (n: number) => `EUR ${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Short status words for the back office (the investor's longer ON_HOLD sentence is theirs). */
export const STATUS_SHORT: Record<string, string> = { ...PAYMENT_STATUS_LABELS, ON_HOLD: 'On hold' };
