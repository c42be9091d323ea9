/**
 * Stripe's Payment Element, with real keys only: mounted in this box from the group of the intent's client secret;
 * its change events tell the card chart whether it is complete. Stripe.js was loaded by the chart's effect.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef } from 'react';

export function StripeElement({
  stripe,
  clientSecret,
  onReady,
  onChange,
}: {
  stripe: Stripe;
  clientSecret: string;
  onReady: (elements: StripeElements) => void;
  onChange: (complete: boolean) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onReady, onChange });
  handlers.current = { onReady, onChange };
  useEffect(() => {
    if (!box.current) return;
    const elements = stripe.elements({ clientSecret });
    const element = elements.create('payment');
    element.on('change', (event) => handlers.current.onChange(event.complete));
    element.mount(box.current);
    handlers.current.onReady(elements);
    return () => element.destroy();
  }, [stripe, clientSecret]);
  return <div className="payment-card__element" ref={box} />;
}
