/**
 * The method cards on offer, native radios underneath (arrow keys move the choice), each with its fee and total; when
 * the server does not offer card, the sentence why under them.
 */
import { feePercentOf, formatCents } from '../../../../machines/payment/payment.rules.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { PAYMENT_METHOD_LABELS, type ChoosableMethod } from '../../../shared/payment.ts';
import { RadioCards } from '../../ui/form/index.ts';

const text = { ...messages.payment, ...paymentPageMessages };

export type MethodOffer = { method: ChoosableMethod; feeBasisPoints: number; totalCents: number };

export function MethodCards({
  offers,
  chosen,
  locked,
  onChoose,
  unavailable = null,
}: {
  offers: MethodOffer[];
  chosen: ChoosableMethod | null;
  locked: boolean;
  onChoose: (method: ChoosableMethod) => void;
  /** Why a method is not on offer (card, when the server offers none), or null. */
  unavailable?: string | null;
}) {
  return (
    <div className="payment-methods">
      <RadioCards
        name="payment-method"
        legend={text.methodsLegend}
        value={chosen ?? ''}
        disabled={locked}
        onChange={onChoose}
        options={offers.map((offer) => ({
          value: offer.method,
          title: PAYMENT_METHOD_LABELS[offer.method],
          description: `${text.methodFee(feePercentOf(offer.feeBasisPoints))} · ${text.totalDue} ${formatCents(offer.totalCents)}`,
        }))}
      />
      {unavailable ? <p className="payment__unavailable">{unavailable}</p> : null}
      {chosen ? null : (
        <p className="payment__prompt" role="status">
          {text.chooseMethod}
        </p>
      )}
    </div>
  );
}
