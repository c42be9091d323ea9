/**
 * The card payment: the TEST MODE form of the local provider (with its 3-D Secure challenge), or Stripe's Payment
 * Element with real keys (StripeElement mounts it); the pay button enabled only when the form is complete and nothing
 * is under way, else 'Please fill in your card details completely to continue'.
 */
import { useSelector } from '@xstate/react';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useRef } from 'react';
import type { PaymentCardActorRef } from '../../../../machines/payment-card/payment-card.machine.ts';
import type { CardField } from '../../../../machines/payment-card/payment-card.rules.ts';
import {
  selectCanPay,
  selectCard,
  selectCardError,
  selectCardErrors,
  selectCardPhase,
  selectFocus,
  selectIsAuthenticating,
  selectIsProcessing,
  selectStripeMount,
  selectTotalCents,
} from '../../../../machines/payment-card/payment-card.selectors.ts';
import { formatCents } from '../../../../machines/payment/payment.rules.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { Button, Field, TextInput } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { PaymentError } from './PaymentError.tsx';
import { StripeElement } from './StripeElement.tsx';

const text = { ...messages.payment, ...paymentPageMessages };

const FIELDS: { field: CardField; label: string; autoComplete: string; inputMode?: 'numeric'; placeholder?: string; mono?: boolean }[] = [
  { field: 'number', label: text.cardNumber, autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '4242 4242 4242 4242', mono: true },
  { field: 'expiry', label: text.cardExpiry, autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', mono: true },
  { field: 'cvc', label: text.cardCvc, autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123', mono: true },
  { field: 'name', label: text.cardName, autoComplete: 'cc-name' },
];

export function CardPayment({ actor }: { actor: PaymentCardActorRef }) {
  const phase = useSelector(actor, selectCardPhase);
  const error = useSelector(actor, selectCardError);
  const canPay = useSelector(actor, selectCanPay);
  const processing = useSelector(actor, selectIsProcessing);
  const totalCents = useSelector(actor, selectTotalCents);

  if (phase === 'loadingStripe') return <LoadingScreen title={messages.loading} detail={text.loadingDetail} />;
  if (phase === 'stripeFailed') {
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__body">{error?.message ?? text.initSystemFailed}</p>
        {error?.detail ? <p className="notice-card__body">{error.detail}</p> : null}
        <Button onClick={() => actor.send({ type: 'card.retry' })}>{text.retry}</Button>
      </div>
    );
  }
  if (phase === 'settling' || phase === 'succeeded') return <LoadingScreen title={messages.loading} detail={text.confirmingWithServer} />;
  if (phase === 'confirmFailed') {
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__body">{error?.message ?? text.cardConfirmFailed}</p>
        {error?.detail ? <p className="notice-card__body">{error.detail}</p> : null}
        <Button onClick={() => actor.send({ type: 'card.confirm.retry' })}>{text.retryConfirmation}</Button>
      </div>
    );
  }
  if (phase === 'challenge') return <Challenge actor={actor} />;

  const pay = (
    <div className="payment__actions">
      <PaymentError id="card-error" error={error} />
      {!canPay && !processing && !error ? <p className="payment__hint">{text.cardIncomplete}</p> : null}
      <Button
        aria-disabled={!canPay || undefined}
        className={canPay ? undefined : 'payment__button--waiting'}
        busy={processing}
        busyLabel={text.paying}
        onClick={() => actor.send({ type: 'card.pay' })}
      >
        {text.pay(formatCents(totalCents))}
      </Button>
    </div>
  );

  if (phase === 'stripeForm') {
    return (
      <div className="payment-card">
        <StripeMount actor={actor} />
        {pay}
      </div>
    );
  }
  return (
    <div className="payment-card">
      <TestModeBanner />
      <TestCardForm actor={actor} disabled={processing} />
      {pay}
    </div>
  );
}

function TestModeBanner() {
  return (
    <div className="payment-test-mode" role="note">
      <strong>{text.testMode}</strong> <span>{text.testModeDetail}</span>
      <p className="payment-test-mode__cards-intro">{text.testCardsIntro}</p>
      <ul className="payment-test-mode__cards">
        {text.testCards.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> {card.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TestCardForm({ actor, disabled }: { actor: PaymentCardActorRef; disabled: boolean }) {
  const card = useSelector(actor, selectCard);
  const errors = useSelector(actor, selectCardErrors);
  const focus = useSelector(actor, selectFocus);
  const form = useRef<HTMLDivElement>(null);
  // A refused Pay: focus goes to the first field to fix.
  useEffect(() => {
    if (focus) form.current?.querySelector<HTMLInputElement>(`#card-${focus}`)?.focus();
  }, [focus]);
  return (
    <div className="payment-card__form" ref={form}>
      {FIELDS.map(({ field, label, autoComplete, inputMode, placeholder, mono }) => (
        <Field key={field} id={`card-${field}`} label={label} required error={errors[field]} className={`payment-card__field payment-card__field--${field}`}>
          {(control) => (
            <TextInput
              {...control}
              mono={mono}
              value={card[field]}
              disabled={disabled}
              autoComplete={autoComplete}
              inputMode={inputMode}
              placeholder={placeholder}
              onChange={(e) => actor.send({ type: 'card.field.change', field, value: e.target.value })}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

function Challenge({ actor }: { actor: PaymentCardActorRef }) {
  const authenticating = useSelector(actor, selectIsAuthenticating);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="payment-challenge" role="dialog" aria-labelledby="payment-challenge-title" aria-describedby="payment-challenge-detail">
      <TestModeBanner />
      <h3 id="payment-challenge-title" ref={heading} tabIndex={-1}>
        {text.challengeTitle}
      </h3>
      <p id="payment-challenge-detail">{text.challengeDetail}</p>
      <div className="payment__buttons">
        <Button busy={authenticating} onClick={() => actor.send({ type: 'card.authenticate', outcome: 'complete' })}>
          {text.challengeComplete}
        </Button>
        <Button variant="secondary" disabled={authenticating} onClick={() => actor.send({ type: 'card.authenticate', outcome: 'fail' })}>
          {text.challengeFail}
        </Button>
      </div>
    </div>
  );
}

function StripeMount({ actor }: { actor: PaymentCardActorRef }) {
  const mount = useSelector(actor, selectStripeMount);
  if (!mount) return null;
  return (
    <StripeElement
      stripe={mount.stripe as Stripe}
      clientSecret={mount.clientSecret}
      onReady={(elements) => actor.send({ type: 'card.element.ready', elements })}
      onChange={(complete) => actor.send({ type: 'card.element.change', complete })}
    />
  );
}
