/** A method's failure: the spec's sentence, and the server's or provider's own words under it when they differ. */
import type { PaymentError as PaymentErrorValue } from '../../../../machines/payment-card/payment-card.types.ts';

export function PaymentError({ id, error }: { id: string; error: PaymentErrorValue | null }) {
  return (
    <div aria-live="assertive">
      {error ? (
        <div className="payment__error" id={id}>
          <p>{error.message}</p>
          {error.detail ? <p className="payment__error-detail">{error.detail}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
