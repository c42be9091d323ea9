/**
 * Paths of the card payment with each provider. Local test mode: the form filled with a test card (one that succeeds,
 * the authentication one) or a Luhn-valid number that is no test card, a past or future expiry; Pay short of a complete
 * form, then initiate on demand (an intent, a refusal in the server's words, a wrong answer), the test confirmation
 * answering each way (succeeded, requires_action with the 3-D Secure challenge completed or failed, declined with the
 * provider's message, another status, a failure), then the server's confirm-stripe (or its failure and the retry).
 * Real keys: Stripe.js loading (or not, and again), the intent, the Payment Element's readiness and completeness,
 * confirmPayment's answers. Replayed on real actors under a stand-in parent; after each step: each call runs exactly
 * in its state with the contract's body, only the test PaymentMethod id is sent (never a card number), a declined
 * card leaves the same intent for the next try, the pay button is enabled only when complete and idle, the method is
 * locked exactly while a payment is under way, and the chart finishes only once the server confirmed.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { CARD_INITIATED, DECLINED_MESSAGE, LOCAL_TEST, NOW, REAL_STRIPE, WIRE_INITIATED, amountsOf, intent, stepAnswer } from '../../machines/payment/payment.fixtures.ts';
import { paymentCardMachine } from '../../machines/payment-card/payment-card.machine.ts';
import { isCardComplete, testPaymentMethodOf } from '../../machines/payment-card/payment-card.rules.ts';
import { selectCanPay } from '../../machines/payment-card/payment-card.selectors.ts';
import type {
  AuthenticateTestCardInput,
  ConfirmElementsInput,
  ConfirmStripeInput,
  ConfirmTestCardInput,
  InitiateInput,
  LoadStripeInput,
  PaymentCardInput,
} from '../../machines/payment-card/payment-card.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { fromCents } from '../../src/shared/payment.ts';
import { coverMachine, coverTogether, expectFullCoverage, type CoverResult } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentCardMachine>;
const text = messages.payment;
const REFUSED = text.cardAboveLimit;
const FAKE_STRIPE = { name: 'stripe.js' };
const FAKE_ELEMENTS = { name: 'elements' };

const fieldEvents: AnyEventObject[] = [
  { type: 'card.field.change', field: 'number', value: '4242 4242 4242 4242' },
  { type: 'card.field.change', field: 'number', value: '4000002500003155' },
  { type: 'card.field.change', field: 'number', value: '4111 1111 1111 1111' },
  { type: 'card.field.change', field: 'expiry', value: '1240' },
  { type: 'card.field.change', field: 'expiry', value: '01/20' },
  { type: 'card.field.change', field: 'cvc', value: '123' },
  { type: 'card.field.change', field: 'name', value: 'Ada Lovelace' },
];
const events: AnyEventObject[] = [
  { type: 'card.pay' },
  { type: 'xstate.done.actor.initiatePayment', output: CARD_INITIATED },
  { type: 'xstate.done.actor.initiatePayment', output: WIRE_INITIATED },
  { type: 'xstate.error.actor.initiatePayment', error: new ApiError(REFUSED, 400, { error: REFUSED }) },
  { type: 'xstate.done.actor.confirmTestCard', output: intent('succeeded') },
  { type: 'xstate.done.actor.confirmTestCard', output: intent('requires_action') },
  { type: 'xstate.done.actor.confirmTestCard', output: intent('requires_payment_method', DECLINED_MESSAGE) },
  { type: 'xstate.done.actor.confirmTestCard', output: intent('processing') },
  { type: 'xstate.error.actor.confirmTestCard', error: new ApiError(messages.general.network, 0, null) },
  { type: 'card.authenticate', outcome: 'complete' },
  { type: 'card.authenticate', outcome: 'fail' },
  { type: 'xstate.done.actor.authenticateTestCard', output: intent('succeeded') },
  { type: 'xstate.done.actor.authenticateTestCard', output: intent('requires_payment_method', 'We are unable to authenticate your payment method.') },
  { type: 'xstate.error.actor.authenticateTestCard', error: new ApiError('HTTP 500', 500, null) },
  { type: 'xstate.done.actor.confirmStripe', output: stepAnswer('COMPLETED') },
  { type: 'xstate.error.actor.confirmStripe', error: new ApiError('HTTP 502', 502, null) },
  { type: 'card.confirm.retry' },
  { type: 'xstate.done.actor.loadStripe', output: FAKE_STRIPE },
  { type: 'xstate.error.actor.loadStripe', error: new Error('Failed to load Stripe.js') },
  { type: 'card.retry' },
  { type: 'card.element.ready', elements: FAKE_ELEMENTS },
  { type: 'card.element.change', complete: true },
  { type: 'card.element.change', complete: false },
  { type: 'xstate.done.actor.confirmElements', output: intent('succeeded') },
  { type: 'xstate.done.actor.confirmElements', output: intent('requires_payment_method', DECLINED_MESSAGE) },
  { type: 'xstate.error.actor.confirmElements', error: new Error('stripe.js failed') },
];
/** Each field is typed once (its value from the list): the form's combinations, not its every retyping. */
const eventsOf = (s: Snapshot) => {
  const untyped = fieldEvents.filter((e) => s.context.card[e.field as 'number'] === '');
  // Once all are typed, the name typed again (an event the form takes stands for itself, never a bare one).
  return [...(untyped.length ? untyped : fieldEvents.slice(-1)), ...events];
};

const chart = paymentCardMachine.provide({ actions: { lockMethod: () => undefined, unlockMethod: () => undefined } });
const inputs: PaymentCardInput[] = [
  { amounts: amountsOf('CARD'), stripeConfig: LOCAL_TEST, now: NOW },
  { amounts: amountsOf('CARD'), stripeConfig: REAL_STRIPE, now: NOW },
];

type Call<I> = { input: I; running: boolean };
type Fakes = {
  initiates: Call<InitiateInput>[];
  confirms: Call<ConfirmTestCardInput>[];
  authentications: Call<AuthenticateTestCardInput>[];
  serverConfirms: Call<ConfirmStripeInput>[];
  scripts: Call<LoadStripeInput>[];
  elementConfirms: Call<ConfirmElementsInput>[];
  before: Snapshot | null;
};

function pending<I, O>(calls: Call<I>[]) {
  return fromPromise<O, I>(({ input, signal }) => {
    const call = { input, running: true };
    calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise<O>(() => {});
  });
}

const ANSWERS: [RegExp, keyof Omit<Fakes, 'before'>][] = [
  [/initiatePayment$/, 'initiates'],
  [/confirmTestCard$/, 'confirms'],
  [/authenticateTestCard$/, 'authentications'],
  [/confirmStripe$/, 'serverConfirms'],
  [/loadStripe$/, 'scripts'],
  [/confirmElements$/, 'elementConfirms'],
];

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, sentToParent: AnyEventObject[]) {
  const c = s.context;
  const running = <I,>(calls: Call<I>[]) => calls.filter((x) => x.running);
  const before = fakes.before;
  expect(running(fakes.initiates).length).toBe(s.matches({ local: { processing: 'initiating' } }) || s.matches({ stripe: 'initiating' }) ? 1 : 0);
  expect(running(fakes.confirms).length).toBe(s.matches({ local: { processing: 'confirming' } }) ? 1 : 0);
  expect(running(fakes.authentications).length).toBe(s.matches({ local: { processing: 'authenticating' } }) ? 1 : 0);
  expect(running(fakes.serverConfirms).length).toBe(s.matches({ settling: 'notifying' }) ? 1 : 0);
  expect(running(fakes.scripts).length).toBe(s.matches({ stripe: 'loadingScript' }) ? 1 : 0);
  expect(running(fakes.elementConfirms).length).toBe(s.matches({ stripe: 'confirming' }) ? 1 : 0);
  const amounts = amountsOf('CARD');
  for (const call of running(fakes.initiates)) {
    expect(call.input).toEqual({ paymentMethod: 'CARD', amount: fromCents(amounts.amountCents), processingFee: fromCents(amounts.feeCents), totalAmount: fromCents(amounts.totalCents) });
  }
  // Only the test PaymentMethod id leaves the browser, never the number.
  for (const call of running(fakes.confirms)) {
    expect(call.input).toEqual({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', paymentMethod: testPaymentMethodOf(c.card.number) });
    expect(JSON.stringify(call.input)).not.toContain(c.card.number.replace(/\D/g, '').slice(0, 8));
  }
  for (const call of running(fakes.authentications)) expect(call.input).toEqual({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', outcome: (event as { outcome?: string }).outcome });
  for (const call of running(fakes.serverConfirms)) expect(call.input).toEqual({ paymentIntentId: 'pi_1' });
  for (const call of running(fakes.scripts)) expect(call.input).toEqual({ publishableKey: REAL_STRIPE.publishableKey });
  for (const call of running(fakes.elementConfirms)) expect(call.input).toEqual({ stripe: FAKE_STRIPE, elements: FAKE_ELEMENTS });

  // Pay is enabled only with a complete form and nothing under way; pressed short of that, the spec's words.
  if (selectCanPay(s)) {
    expect(s.hasTag('busy')).toBe(false);
    if (s.matches('local')) expect(isCardComplete(c.card, new Date(NOW))).toBe(true);
  }
  if (event.type === 'card.pay' && before && !selectCanPay(before) && !before.hasTag('busy')) expect(c.error?.message).toBe(text.cardIncomplete);
  // A decline: the provider's words, the form editable, the same intent kept for the next card.
  if (/^xstate\.done\.actor\.(confirmTestCard|authenticateTestCard|confirmElements)$/.test(event.type)) {
    const answer = event.output as ReturnType<typeof intent>;
    if (answer.status === 'requires_payment_method') {
      expect(c.error?.message).toBe(answer.lastPaymentError?.message);
      expect(c.intent?.paymentIntentId).toBe('pi_1');
      expect(s.matches({ local: 'editing' }) || s.matches({ stripe: 'editing' })).toBe(true);
    }
    if (answer.status === 'processing') expect(c.error?.message).toBe(text.cardStatus('processing'));
  }
  if (event.type === 'xstate.error.actor.initiatePayment') expect(c.error).toEqual({ message: text.initFailed, detail: REFUSED });
  if (event.type === 'xstate.error.actor.confirmStripe') expect(c.error?.message).toBe(text.cardConfirmFailed);
  if (event.type === 'xstate.error.actor.loadStripe') expect(c.error?.message).toBe(text.initSystemFailed);
  // Locked exactly while a payment is under way.
  const busy = sentToParent.filter((e) => e.type === 'payment.method.busy').at(-1) as { busy: boolean } | undefined;
  if (s.status !== 'done') expect(busy?.busy ?? false).toBe(s.hasTag('busy'));
  fakes.before = s;
}

describe('payment-card statechart paths', () => {
  const runs: CoverResult[] = inputs.map((input) =>
    coverMachine(chart, { name: `payment-card ${input.stripeConfig.provider}`, events: eventsOf, input, stopWhen: (s: Snapshot) => s.context.error !== null && s.context.focus !== null }),
  );
  const result = coverTogether('payment-card', runs);

  it('reaches every state and transition', () => expectFullCoverage(result));

  for (const [index, input] of inputs.entries()) {
    it(`keeps the card invariants on every path with ${input.stripeConfig.provider}, replayed on a real actor`, async () => {
      const ended = await replayPaths<typeof paymentCardMachine, Fakes>(runs[index]!.paths, {
        parent: true,
        input,
        setup: () => {
          const fakes: Fakes = { initiates: [], confirms: [], authentications: [], serverConfirms: [], scripts: [], elementConfirms: [], before: null };
          const machine = paymentCardMachine.provide({
            actors: {
              initiatePayment: pending(fakes.initiates),
              confirmTestCard: pending(fakes.confirms),
              authenticateTestCard: pending(fakes.authentications),
              confirmStripe: pending(fakes.serverConfirms),
              loadStripe: pending(fakes.scripts),
              confirmElements: pending(fakes.elementConfirms),
            },
          });
          return { machine, fakes };
        },
        checkStep: ({ snapshot, event, fakes, sentToParent }) => {
          for (const [pattern, key] of ANSWERS) {
            if (/^xstate\.(done|error)\.actor\./.test(event.type) && pattern.test(event.type)) fakes[key].forEach((x) => void (x.running = false));
          }
          invariants(snapshot, event, fakes, sentToParent);
        },
      });
      for (const { path, output } of ended) {
        const finished = path.steps.some((step) => step.event.type === 'xstate.done.actor.confirmStripe');
        expect(output).toEqual(finished ? stepAnswer('COMPLETED') : undefined);
      }
      console.log(`[paths] payment-card ${input.stripeConfig.provider}: ${ended.length} paths replayed`);
    });
  }
});
