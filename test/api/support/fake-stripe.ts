/**
 * A small fake of Stripe's HTTP API for the real SDK path (stripe-mock cannot be had here): an HTTP server on
 * 127.0.0.1:0 that the `stripe` SDK reaches through its host/port/protocol options. It does what this portal uses,
 * as Stripe does it: POST /v1/payment_intents (form-encoded, Idempotency-Key: the same key and parameters give the
 * same intent, other parameters a 400 idempotency_error), GET /v1/payment_intents/:id (404 resource_missing),
 * POST /v1/payment_intents/:id/cancel (400 payment_intent_unexpected_state once succeeded or canceled), the
 * secret key checked (401), POST /v1/refunds (payment_intent, amount; Idempotency-Key as above; 400
 * charge_already_refunded / amount_too_large beyond the captured amount, 400 payment_intent_unexpected_state
 * unless succeeded, 404 resource_missing for an unknown intent; `holdRefunds` keeps them waiting). Tests move an intent's state with `update` (what the browser's confirmation with
 * Stripe.js would do) and read what arrived in `requests`; `failWith` makes the next calls answer a server error.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeSettings } from '../../../src/server/config/stripe-env.ts';
import type { StripeApiOverride } from '../../../src/server/providers/card/stripe-card-provider.ts';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  livemode: false;
  created: number;
};

export type FakeRefund = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; status: 'succeeded'; created: number };

export type FakeRequest = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };

export type FakeStripe = {
  api: StripeApiOverride;
  settings: StripeSettings;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  update(id: string, patch: Partial<FakeIntent>): FakeIntent;
  /** The next `count` calls answer `status` with an api_error (0: back to normal). */
  failWith(status: number, count?: number): void;
  /** Refund requests wait (as a slow Stripe would) until the returned function is called. */
  holdRefunds(): () => void;
  close(): Promise<void>;
};

export const FAKE_STRIPE_SETTINGS: StripeSettings = {
  kind: 'stripe',
  secretKey: 'sk_test_fakeFakeFake1234',
  publishableKey: 'pk_test_fakeFakeFake1234',
  webhookSecret: 'whsec_fakeWebhookSecret1234',
  live: false,
  optIn: null,
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startFakeStripe(settings: StripeSettings = FAKE_STRIPE_SETTINGS): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, { form: string; id: string }>();
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, { form: string; id: string }>();
  const requests: FakeRequest[] = [];
  let failures = { status: 0, count: 0 };
  let refundGate: Promise<void> | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, message: string, code?: string) => send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const form = Object.fromEntries(new URLSearchParams(text));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, form });
    if (req.headers.authorization !== `Bearer ${settings.secretKey}`) return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    if (failures.count > 0) {
      failures.count--;
      return error(res, failures.status, 'api_error', 'An unknown error occurred');
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const canonical = new URLSearchParams([...new URLSearchParams(text)].sort(([a], [b]) => a.localeCompare(b))).toString();
      if (idempotencyKey) {
        const seen = byKey.get(idempotencyKey);
        if (seen && seen.form !== canonical) {
          return error(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        }
        if (seen) return send(res, 200, intents.get(seen.id));
      }
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50 || amount > 99_999_999) return error(res, 400, 'invalid_request_error', 'Invalid amount', 'amount_too_large');
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k) ? [[/^metadata\[(.+)\]$/.exec(k)![1]!, v]] : [])));
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, { form: canonical, id });
      return send(res, 200, intent);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      if (refundGate) await refundGate;
      const canonical = new URLSearchParams([...new URLSearchParams(text)].sort(([a], [b]) => a.localeCompare(b))).toString();
      if (idempotencyKey) {
        const seen = refundByKey.get(idempotencyKey);
        if (seen && seen.form !== canonical) {
          return error(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        }
        if (seen) return send(res, 200, refunds.get(seen.id));
      }
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${form.payment_intent}'`, 'resource_missing');
      if (intent.status !== 'succeeded') {
        return error(res, 400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent_unexpected_state');
      }
      const already = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      const amount = form.amount === undefined ? intent.amount - already : Number(form.amount);
      if (already >= intent.amount) return error(res, 400, 'invalid_request_error', `Charge for ${intent.id} has already been refunded.`, 'charge_already_refunded');
      if (!Number.isInteger(amount) || amount <= 0 || already + amount > intent.amount) {
        return error(res, 400, 'invalid_request_error', `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(intent.amount - already) / 100})`, 'amount_too_large');
      }
      const refund: FakeRefund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', created: Math.floor(Date.now() / 1000) };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundByKey.set(idempotencyKey, { form: canonical, id: refund.id });
      return send(res, 200, refund);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${cancel[1]}'`, 'resource_missing');
      // As Stripe: a succeeded or canceled intent cannot be canceled.
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(res, 400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, 'payment_intent_unexpected_state');
      }
      intent.status = 'canceled';
      return send(res, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (!intent) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      return send(res, 200, intent);
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    settings,
    intents,
    refunds,
    requests,
    update(id, patch) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake stripe: no intent ${id}`);
      Object.assign(intent, patch);
      return intent;
    },
    failWith(status, count = 1_000) {
      failures = { status, count: status === 0 ? 0 : count };
    },
    holdRefunds() {
      let release = () => {};
      refundGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        refundGate = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
