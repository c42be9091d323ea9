/** The wire transfer: the bank details (each copyable), the amount, the EPC QR or its fallback, '1-3 business days'. */
import { useSelector } from '@xstate/react';
import type { PaymentWireActorRef } from '../../../../machines/payment-wire/payment-wire.machine.ts';
import { selectConfig, selectCopied, selectIsBusy, selectLoadProblem, selectQr, selectWireError, selectWirePhase } from '../../../../machines/payment-wire/payment-wire.selectors.ts';
import type { BankDetailField } from '../../../../machines/payment-wire/payment-wire.types.ts';
import { formatEur } from '../../../../machines/payment/payment.rules.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { Button } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PaymentError } from './PaymentError.tsx';

const text = { ...messages.payment, ...paymentPageMessages };

const DETAILS: { field: BankDetailField; label: string; mono?: boolean }[] = [
  { field: 'bankName', label: text.bankName },
  { field: 'accountName', label: text.accountName },
  { field: 'accountNumber', label: text.accountNumber, mono: true },
  { field: 'swiftBic', label: text.swiftBic, mono: true },
  { field: 'reference', label: text.reference, mono: true },
];

export function WirePayment({ actor }: { actor: PaymentWireActorRef }) {
  const phase = useSelector(actor, selectWirePhase);
  const config = useSelector(actor, selectConfig);
  const loadProblem = useSelector(actor, selectLoadProblem);
  const qr = useSelector(actor, selectQr);
  const copied = useSelector(actor, selectCopied);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectWireError);

  if (phase === 'loading') return <LoadingScreen title={messages.loading} detail={text.loadingBankDetails} />;
  if (phase === 'failed' || !config) {
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__body">{loadProblem}</p>
        <Button onClick={() => actor.send({ type: 'wire.retry' })}>{text.retry}</Button>
      </div>
    );
  }
  return (
    <div className="payment-wire">
      <div className="payment-wire__grid">
        <dl className="payment-details">
          {DETAILS.map(({ field, label, mono }) => (
            <div key={field}>
              <dt>{label}</dt>
              <dd className="payment-details__value">
                {mono ? <code>{config.bankDetails[field]}</code> : <span>{config.bankDetails[field]}</span>}
                <CopyButton what={label} copied={copied === field} onCopy={() => actor.send({ type: 'wire.copy', field })} />
              </dd>
            </div>
          ))}
          <div>
            <dt>{text.amount}</dt>
            <dd className="payment-details__value payment-details__value--strong">{formatEur(config.amount)}</dd>
          </div>
          <div>
            <dt>{text.processingTimeLabel}</dt>
            <dd className="payment-details__value">{text.wireProcessingTime}</dd>
          </div>
        </dl>
        <figure className="payment-wire__qr">
          {qr && 'image' in qr ? (
            <img src={qr.image} alt={text.qrAlt} width={220} height={220} onError={() => actor.send({ type: 'wire.qr.failed' })} />
          ) : (
            <p className="payment-wire__qr-problem" role="status">
              {qr?.problem}
            </p>
          )}
          <figcaption>
            <strong>{text.qrTitle}</strong>
            <span>{text.qrFallback}</span>
          </figcaption>
        </figure>
      </div>
      <div className="payment__actions">
        <PaymentError id="wire-error" error={error} />
        <Button busy={busy} busyLabel={phase === 'verifying' ? text.verifying : undefined} onClick={() => actor.send({ type: 'wire.confirm' })}>
          {text.confirmWire}
        </Button>
      </div>
    </div>
  );
}
