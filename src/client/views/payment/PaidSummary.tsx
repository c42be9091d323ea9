/**
 * The read-only summary of a payment step already done (spec section 2): 'Payment Successful' once the funds are
 * confirmed, or, truthfully, recorded and awaiting funds for crypto and wire; total, method, tokens, transaction id,
 * status, amount, fee, total, the copyable reference; and the way on to the complete page.
 */
import { formatEur, formatTokens } from '../../../../machines/payment/payment.rules.ts';
import type { PaymentStatusResponse, LatestPayment } from '../../../shared/payment.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { Button } from '../../ui/form/index.ts';
import { CopyButton } from './CopyButton.tsx';

const text = { ...messages.payment, ...paymentPageMessages };

export type PaidSummaryValue = { status: PaymentStatusResponse; latest: LatestPayment | null; awaitingFunds: boolean; reference: string | null };

export function PaidSummary({ summary, copied, onCopy, onContinue }: { summary: PaidSummaryValue; copied: boolean; onCopy: () => void; onContinue: () => void }) {
  const { status, latest, awaitingFunds, reference } = summary;
  const method = latest?.paymentMethod ?? status.paymentMethod;
  return (
    <section className={['payment-paid', awaitingFunds ? 'payment-paid--awaiting' : ''].filter(Boolean).join(' ')} aria-labelledby="payment-paid-title">
      <h2 id="payment-paid-title" className="payment-paid__title">
        {awaitingFunds ? text.recordedAwaitingFunds : text.successful}
      </h2>
      {awaitingFunds ? <p className="payment-paid__detail">{text.recordedAwaitingFundsDetail}</p> : null}
      {latest ? <p className="payment-paid__total">{formatEur(latest.totalAmount)}</p> : null}
      <dl className="payment-details">
        {method ? (
          <div>
            <dt>{text.method}</dt>
            <dd className="payment-details__value">{PAYMENT_METHOD_LABELS[method]}</dd>
          </div>
        ) : null}
        <div>
          <dt>{text.tokens}</dt>
          <dd className="payment-details__value">{formatTokens(status.investment.tokenQuantity)}</dd>
        </div>
        {latest ? (
          <>
            <div>
              <dt>{text.status}</dt>
              {/* The spec quotes the status as its code ('status COMPLETED'): shown as the server names it. */}
              <dd className="payment-details__value">{latest.paymentStatus}</dd>
            </div>
            <div>
              <dt>{text.amount}</dt>
              <dd className="payment-details__value">{formatEur(latest.amount)}</dd>
            </div>
            <div>
              <dt>{text.fee}</dt>
              <dd className="payment-details__value">{formatEur(latest.processingFee)}</dd>
            </div>
            <div>
              <dt>{text.total}</dt>
              <dd className="payment-details__value payment-details__value--strong">{formatEur(latest.totalAmount)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{text.status}</dt>
            <dd className="payment-details__value">{status.paymentStatus}</dd>
          </div>
        )}
        {reference ? (
          <div>
            <dt>{text.transactionReference}</dt>
            <dd className="payment-details__value">
              <code>{reference}</code>
              <CopyButton what={text.transactionReference} copied={copied} onCopy={onCopy} />
            </dd>
          </div>
        ) : null}
        {latest?.cryptoAmount && latest.cryptoCurrency ? (
          <div>
            <dt>{text.cryptoAmountSent}</dt>
            <dd className="payment-details__value">
              {latest.cryptoAmount} {latest.cryptoCurrency}
            </dd>
          </div>
        ) : null}
        {/* Last and on a row of its own: a transaction hash is 66 characters. A wire's is its reference: shown once. */}
        {latest && (latest.transactionId ?? latest.id) !== reference ? (
          <div className="payment-details__wide">
            <dt>{text.transactionId}</dt>
            <dd className="payment-details__value">
              <code>{latest.transactionId ?? latest.id}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="payment__actions">
        <Button onClick={onContinue}>{text.goToComplete}</Button>
      </div>
    </section>
  );
}
