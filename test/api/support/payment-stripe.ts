/**
 * An app of the test database whose card provider is the REAL Stripe provider (the `stripe` SDK) pointed at the fake
 * Stripe API (fake-stripe.ts), with request helpers that run the due jobs after each answer as the harness does.
 * Webhook helpers sign with Stripe's own test-header helper.
 */
import Stripe from 'stripe';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../src/server/app-context.ts';
import { createStripeCardProvider } from '../../../src/server/providers/card/stripe-card-provider.ts';
import { bearer, type ApiTest } from '../harness.ts';
import type { FakeIntent, FakeStripe } from './fake-stripe.ts';

export type StripeApp = {
  app: Hono<AppEnv>;
  get(path: string, token?: string): Promise<Response>;
  post(path: string, body: unknown, token?: string): Promise<Response>;
  /** POSTs `payload` (text) to the webhook with the given Stripe-Signature header (none when undefined). */
  webhook(payload: string | Uint8Array, signature?: string): Promise<Response>;
};

export function stripeApp(t: ApiTest, fake: FakeStripe): StripeApp {
  const app = t.makeApp({}, { card: createStripeCardProvider(fake.settings, fake.api) });
  const after = async (res: Promise<Response>) => {
    const answer = await res;
    await t.runDueJobs();
    return answer;
  };
  return {
    app,
    get: (path, token) => after(Promise.resolve(app.request(path, { headers: token ? bearer(token) : {} }))),
    post: (path, body, token) =>
      after(Promise.resolve(app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) }, body: JSON.stringify(body) }))),
    webhook: (payload, signature) =>
      after(
        Promise.resolve(
          app.request('/api/payment/stripe-webhook', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
            body: payload as string,
          }),
        ),
      ),
  };
}

const signer = new Stripe('sk_test_signerOnly1234');

/** Stripe's own test header for `payload`, signed with `secret` at `timestamp` (seconds; default now). */
export const signPayload = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

let eventCounter = 0;
/** A payment_intent event as Stripe sends it (the intent object in data.object). */
export const intentEvent = (type: string, intent: FakeIntent, id = `evt_test_${process.pid}_${++eventCounter}_${Date.now()}`) =>
  JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object: intent } });
