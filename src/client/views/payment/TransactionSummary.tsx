/** The transaction summary (spec section 2): investment amount, tokens, the chosen method's fee, total due. */
import { formatCents, formatTokens } from '../../../../machines/payment/payment.rules.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';

const text = { ...messages.payment, ...paymentPageMessages };

export type Transaction = { amountCents: number; tokens: number; feeCents: number | null; totalCents: number };

export function TransactionSummary({ transaction }: { transaction: Transaction }) {
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment__section-title">
        {text.summaryTitle}
      </h2>
      <dl className="payment-summary__list">
        <div>
          <dt>{text.investmentAmount}</dt>
          <dd>{formatCents(transaction.amountCents)}</dd>
        </div>
        <div>
          <dt>{text.tokens}</dt>
          <dd>{formatTokens(transaction.tokens)}</dd>
        </div>
        <div>
          <dt>{text.processingFee}</dt>
          <dd>{transaction.feeCents === null ? '–' : formatCents(transaction.feeCents)}</dd>
        </div>
        <div className="payment-summary__total">
          <dt>{text.totalDue}</dt>
          <dd aria-live="polite">{formatCents(transaction.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
