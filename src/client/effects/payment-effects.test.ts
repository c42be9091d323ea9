/**
 * The payment effects on the real API client with a stand-in fetch: the page's start asks for the status (with the
 * bearer) and the card provider (without); a local test card payment goes initiate -> test-card/confirm ->
 * confirm-stripe with the contract's bodies and nothing but the test PaymentMethod id; an answer the contract refuses
 * fails the call (no success is invented); the clipboard answers the chart only once it has the text.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import { CARD_INITIATED, LOCAL_TEST, PAID_BY_CARD, amountsOf, intent, stepAnswer } from '../../../machines/payment/payment.fixtures.ts';
import type { PaymentActorRef } from '../../../machines/payment/payment.machine.ts';
import type { PaymentCardActorRef } from '../../../machines/payment-card/payment-card.machine.ts';
import { messages } from '../../shared/messages.ts';
import { createApiClient } from './api-client.ts';
import { PAYMENT_PATHS, provideCard, providePayment } from './payment-effects.ts';

type Seen = { method: string; path: string; auth: string | null; body: unknown };

function fakeServer(answers: Record<string, unknown>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    seen.push({ method: request.method, path, auth: request.headers.get('authorization'), body: text ? JSON.parse(text) : null });
    if (!(path in answers)) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: () => 'token-1', onUnauthorized: () => {}, log: () => {}, fetch: fetch as typeof globalThis.fetch });
  return { api, seen };
}

describe('payment effects', () => {
  it("load the page's start: the status with the bearer, the card provider without", async () => {
    const { api, seen } = fakeServer({ [PAYMENT_PATHS.status]: PAID_BY_CARD, [PAYMENT_PATHS.stripeConfig]: LOCAL_TEST });
    const actor = createActor(providePayment(api, async () => {})).start() as PaymentActorRef;
    await waitFor(actor, (s) => s.matches('summary'));
    expect(seen.map((x) => [x.method, x.path, x.auth])).toEqual([
      ['GET', PAYMENT_PATHS.status, 'Bearer token-1'],
      ['GET', PAYMENT_PATHS.stripeConfig, null],
    ]);
    actor.stop();
  });

  it('pay a test card: initiate, confirm with the PaymentMethod id alone, then the server confirms', async () => {
    const { api, seen } = fakeServer({
      [PAYMENT_PATHS.initiate]: CARD_INITIATED,
      [PAYMENT_PATHS.testCardConfirm]: intent('succeeded'),
      [PAYMENT_PATHS.confirmStripe]: stepAnswer('COMPLETED'),
    });
    const parent = setup({ actors: { card: provideCard(api) } }).createMachine({
      invoke: { id: 'card', src: 'card', input: { amounts: amountsOf('CARD'), stripeConfig: LOCAL_TEST } },
    });
    const root = createActor(parent).start();
    const card = root.getSnapshot().children.card as PaymentCardActorRef;
    for (const [field, value] of [['number', '4242424242424242'], ['expiry', '12/40'], ['cvc', '123'], ['name', 'Ada Lovelace']] as const) {
      card.send({ type: 'card.field.change', field, value });
    }
    card.send({ type: 'card.pay' });
    const done = await waitFor(card, (s) => s.status === 'done');
    expect(done.output).toEqual(stepAnswer('COMPLETED'));
    expect(seen.map((x) => [x.method, x.path, x.body])).toEqual([
      ['POST', PAYMENT_PATHS.initiate, { paymentMethod: 'CARD', amount: 10_000, processingFee: 400, totalAmount: 10_400 }],
      ['POST', PAYMENT_PATHS.testCardConfirm, { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', paymentMethod: 'pm_card_visa' }],
      ['POST', PAYMENT_PATHS.confirmStripe, { paymentIntentId: 'pi_1' }],
    ]);
    expect(JSON.stringify(seen)).not.toContain('4242424242424242');
    root.stop();
  });

  it('fail a call whose answer the contract refuses: no success is made up', async () => {
    const { api } = fakeServer({
      [PAYMENT_PATHS.initiate]: CARD_INITIATED,
      [PAYMENT_PATHS.testCardConfirm]: { id: 'pi_1', status: 'paid' },
    });
    const parent = setup({ actors: { card: provideCard(api) } }).createMachine({
      invoke: { id: 'card', src: 'card', input: { amounts: amountsOf('CARD'), stripeConfig: LOCAL_TEST } },
    });
    const root = createActor(parent).start();
    const card = root.getSnapshot().children.card as PaymentCardActorRef;
    for (const [field, value] of [['number', '4242424242424242'], ['expiry', '12/40'], ['cvc', '123'], ['name', 'Ada']] as const) card.send({ type: 'card.field.change', field, value });
    card.send({ type: 'card.pay' });
    const after = await waitFor(card, (s) => s.context.error !== null);
    expect(after.matches({ local: 'editing' })).toBe(true);
    expect(after.context.error?.message).toBe(messages.payment.cardFailed);
    root.stop();
  });

  it("copy: 'Copied' only once the clipboard took the text", async () => {
    const { api } = fakeServer({ [PAYMENT_PATHS.status]: PAID_BY_CARD, [PAYMENT_PATHS.stripeConfig]: LOCAL_TEST });
    let accept: () => void = () => {};
    const copied: string[] = [];
    const actor = createActor(
      providePayment(api, (text) => {
        copied.push(text);
        return new Promise<void>((resolve) => (accept = resolve));
      }),
    ).start() as PaymentActorRef;
    await waitFor(actor, (s) => s.matches('summary'));
    actor.send({ type: 'payment.reference.copy' });
    expect(copied).toEqual(['G2G-PAY-0001']);
    expect(actor.getSnapshot().context.copied).toBe(false);
    accept();
    await waitFor(actor, (s) => s.context.copied);
    actor.stop();
  });
});
