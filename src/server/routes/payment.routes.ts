/**
 * The payment step (spec sections 3 "Payment", 7). Before the bearer guard:
 *   GET  /stripe-config            the card provider: Stripe's publishable key, the local test provider's marker, or
 *                                  'unavailable' with the reason (no card provider: production without Stripe keys)
 *   POST /stripe-webhook           Stripe's events, verified over the raw body (Stripe-Signature, 300 s); 200 {received}
 *                                  (404 without a card provider)
 * Behind it (each refused with 409 until the agreements are complete):
 *   GET  /status                   the investment's payment status and the latest payment (every process page)
 *   POST /initiate                 {paymentMethod, amount, processingFee, totalAmount, ...} -> the one open payment
 *   POST /confirm-stripe           {paymentIntentId} -> the card payment COMPLETED once the provider says succeeded
 *   POST /process                  {paymentMethod: CRYPTO|WIRE, paymentId, transactionId} -> AWAITING_FUNDS; the card
 *                                  payment left open is then canceled at the provider (cancel-open-card-payment.ts)
 *   POST /test-card/confirm        (local test provider only) {paymentIntentId, clientSecret, paymentMethod}
 *   POST /test-card/authenticate   (local test provider only) {paymentIntentId, clientSecret, outcome}
 * GET /crypto-rates and GET /bank-transaction-config live in payment-funds.routes.ts.
 */
import { Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import {
  ConfirmStripeRequestSchema,
  InitiatePaymentRequestSchema,
  LocalCardAuthenticateRequestSchema,
  LocalCardConfirmRequestSchema,
  ProcessPaymentRequestSchema,
  type StripeConfigResponse,
} from '../../shared/payment.ts';
import type { CardProvider } from '../providers/card/card-provider.ts';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { confirmCardPayment } from '../domain/payment/confirm-card-payment.ts';
import { cancelOpenCardPayment } from '../domain/payment/cancel-open-card-payment.ts';
import { authenticateLocalCard, confirmLocalCard } from '../domain/payment/confirm-local-card.ts';
import { getPaymentStatus } from '../domain/payment/get-payment-status.ts';
import { handleCardWebhook } from '../domain/payment/handle-card-webhook.ts';
import { initiatePayment, type QuoteCrypto } from '../domain/payment/initiate-payment.ts';
import { processPayment } from '../domain/payment/process-payment.ts';
import { quoteCryptoPayment } from '../domain/payment/quote-crypto.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerAuth } from '../http/bearer-auth.ts';
import { declareOwnBody } from '../http/own-body-routes.ts';
import { readJson } from '../http/read-json.ts';
import { readRawBody } from '../http/read-raw-body.ts';
import { anonymousRequestContext, requestContext } from '../http/request-context.ts';
import { CardWebhookSignatureError } from '../providers/card/card-provider.ts';
import { isLocalCardProvider } from '../providers/card/local-card-provider.ts';

/** Stripe's events are a few KB; far more is not Stripe. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;
declareOwnBody('/api/payment/stripe-webhook', 'raw-bytes');

/** Crypto quotes from the price service (providers.prices). */
const quoteCryptoWith =
  ({ providers }: AppDeps): QuoteCrypto =>
  (currency, totalCents, now) =>
    quoteCryptoPayment(providers.prices, currency, totalCents, now);

/** What the browser is told of the card provider: which one, or that card is not offered and why. */
function cardConfigOf(card: CardProvider | null): StripeConfigResponse {
  if (!card) return { provider: 'unavailable', publishableKey: null, testMode: false, reason: 'not-configured' };
  if (card.kind === 'stripe' && card.publishableKey) return { provider: 'stripe', publishableKey: card.publishableKey, testMode: card.testMode };
  return { provider: 'local-test', publishableKey: null, testMode: true };
}

export function paymentRoutes(deps: AppDeps) {
  const { db } = deps;
  const { card } = deps.providers;
  const stripeConfig = cardConfigOf(card);

  const routes = new Hono<AppEnv>()
    .get('/stripe-config', (c) => c.json(stripeConfig))
    .post('/stripe-webhook', async (c) => {
      // No card provider: nothing here sends or verifies card events.
      if (!card) throw new AppError('NOT_FOUND', messages.payment.cardNotOffered);
      const raw = await readRawBody(c, { limit: WEBHOOK_BODY_LIMIT_BYTES });
      let event;
      try {
        event = card.constructWebhookEvent(raw, c.req.header('stripe-signature'));
      } catch (error) {
        if (error instanceof CardWebhookSignatureError) throw new AppError('BAD_REQUEST', messages.payment.webhookSignature);
        throw error;
      }
      const ctx = anonymousRequestContext(c, deps);
      const outcome = await handleCardWebhook(db, event, ctx);
      if (outcome === 'applied') deps.jobs.wake();
      return c.json({ received: true });
    })
    .use(bearerAuth(deps))
    .get('/status', async (c) => c.json(await getPaymentStatus(deps.run, c.get('auth').userId)))
    .post('/initiate', async (c) => {
      const ctx = requestContext(c, deps);
      const request = await readJson(c, InitiatePaymentRequestSchema);
      try {
        return c.json(await initiatePayment({ db, card, quoteCrypto: quoteCryptoWith(deps) }, request, ctx));
      } finally {
        // A card intent found succeeded at the provider completes the payment here, with its mail.
        deps.jobs.wake();
      }
    })
    .post('/confirm-stripe', async (c) => {
      const ctx = requestContext(c, deps);
      const { paymentIntentId } = await readJson(c, ConfirmStripeRequestSchema);
      const answer = await confirmCardPayment({ db, card }, paymentIntentId, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .post('/process', async (c) => {
      const ctx = requestContext(c, deps);
      const request = await readJson(c, ProcessPaymentRequestSchema);
      const answer = await processPayment(db, request, ctx);
      // The step is done: the card payment left open must not be charged on top.
      await cancelOpenCardPayment({ db, card, log: deps.log }, ctx);
      deps.jobs.wake();
      return c.json(answer);
    });

  // The local provider's browser calls exist only while it is the provider: with Stripe keys they are 404.
  if (!isLocalCardProvider(card)) return routes;
  return routes
    .post('/test-card/confirm', async (c) => {
      const ctx = requestContext(c, deps);
      const request = await readJson(c, LocalCardConfirmRequestSchema);
      const answer = await confirmLocalCard({ db, card }, request, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .post('/test-card/authenticate', async (c) => {
      const ctx = requestContext(c, deps);
      const request = await readJson(c, LocalCardAuthenticateRequestSchema);
      const answer = await authenticateLocalCard({ db, card }, request, ctx);
      deps.jobs.wake();
      return c.json(answer);
    });
}
