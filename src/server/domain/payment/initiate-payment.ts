/**
 * POST /api/payment/initiate: the investor's one open payment of the chosen method, created or found again (a repeat,
 * or 20 at once, answer the same payment: the partial unique index payments_open_per_method and INSERT ... ON
 * CONFLICT DO NOTHING, then a read). Refused (409) before the agreements are complete and once the payment step is
 * done; the amounts sent must equal the server's to the cent (400). Then per method:
 *   CARD    refused (400) before anything is read or written when the server has no card provider (card is not
 *           offered: NODE_ENV=production without Stripe keys); above Stripe's single-charge ceiling 400; otherwise
 *           the provider's PaymentIntent, created OUTSIDE any transaction (a network call must not hold the
 *           investor's lock, nor PGlite's one connection) with an idempotency key derived from the payment id, so
 *           parallel calls get one intent; stored once.
 *   CRYPTO  the server's quote (quote-crypto.ts), taken before the transaction; an open payment keeps its quote while
 *           it is fresh and for the same coin, otherwise it is re-quoted (one open crypto payment).
 *   WIRE    the reference sent must be the investor's (wireReference), stored as payment_ref.
 */
import { randomUUID } from 'node:crypto';
import { eq, and, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import {
  CARD_MAX_TOTAL_CENTS,
  CRYPTO_QUOTE_MAX_AGE_SECONDS,
  fromCents,
  paymentAmounts,
  wireReference,
  type CryptoCurrency,
  type InitiatePaymentRequest,
  type InitiatePaymentResponse,
  type PaymentAmounts,
} from '../../../shared/payment.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CardIntentRecord, CardProvider } from '../../providers/card/card-provider.ts';
import { decideOnCase } from '../investment/case-decision.ts';
import { recordCase } from '../investment/record-case.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import type { RequestContext } from '../request-context.ts';
import { applyCardIntent } from './apply-card-intent.ts';
import { createCardIntent, retrieveCardIntent } from './card-provider-calls.ts';
import { checkPaymentAccess, isPaymentStepDone, lockInvestmentForPayment } from './payment-access.ts';
import { findOpenPayment, type PaymentRow } from './payment-rows.ts';
import type { CryptoPaymentQuoteRecord } from './quote-crypto.ts';

export type QuoteCrypto = (currency: CryptoCurrency, totalCents: number, now: Date) => Promise<CryptoPaymentQuoteRecord>;
/** `card` null: card payments are not offered (a CARD initiation is refused). */
export type InitiateDeps = { db: Db; card: CardProvider | null; quoteCrypto: QuoteCrypto };
type CardDeps = { db: Db; card: CardProvider };

/** The card provider's idempotency key for a payment: one payment, one intent, however often it is asked. */
export const cardIntentKey = (paymentId: string) => `g2g-payment-${paymentId}`;
/** The reference a card or crypto payment is quoted by (a wire payment's is the investor's wire reference). */
export const ownPaymentRef = (paymentId: string) => `G2G-PAY-${paymentId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/**
 * An amount sent in EUR equals the server's cents only if it is exactly that many cents: the double nearest to
 * cents/100, which is what JSON gives for "10000.10" and what fromCents gives the page (no tolerance: a fraction of a
 * cent, however small, is not our amount).
 */
const sameCents = (eur: number, cents: number) => eur === fromCents(cents);

function checkAmounts(request: InitiatePaymentRequest, amounts: PaymentAmounts): void {
  if (!sameCents(request.amount, amounts.amountCents) || !sameCents(request.processingFee, amounts.feeCents) || !sameCents(request.totalAmount, amounts.totalCents)) {
    throw new AppError('BAD_REQUEST', messages.payment.amountMismatch);
  }
}

const quoteIsFresh = (payment: PaymentRow, currency: CryptoCurrency, now: Date) =>
  payment.cryptoCurrency === currency && payment.quotedAt !== null && now.getTime() - payment.quotedAt.getTime() < CRYPTO_QUOTE_MAX_AGE_SECONDS * 1000;

const quoteColumns = (quote: CryptoPaymentQuoteRecord) => ({
  cryptoCurrency: quote.cryptoCurrency,
  cryptoRate: quote.rate,
  cryptoRateAsOf: quote.rateAsOf,
  cryptoRateSource: quote.rateSource,
  cryptoRateStatus: quote.rateStatus,
  cryptoAmount: quote.amountToSend,
  cryptoWallet: quote.walletAddress,
  quotedAt: quote.quotedAt,
});

const amountsAnswer = (payment: PaymentRow) => ({
  paymentId: payment.id,
  amount: fromCents(payment.amountCents),
  processingFee: fromCents(payment.feeCents),
  totalAmount: fromCents(payment.totalCents),
});

export async function initiatePayment(deps: InitiateDeps, request: InitiatePaymentRequest, ctx: RequestContext, retried = false): Promise<InitiatePaymentResponse> {
  const { db } = deps;
  const { userId, now, meta } = ctx;
  const method = request.paymentMethod;
  // No card provider (production without Stripe keys): card is not offered, whoever asks and whatever they send.
  if (method === 'CARD' && !deps.card) throw new AppError('BAD_REQUEST', messages.payment.cardNotOffered);
  // Refusals before any provider is asked: the agreements, the amounts, the card ceiling, the wire reference.
  const unlocked = await checkPaymentAccess(db, userId, { starting: true });
  const amounts = paymentAmounts(unlocked.amount, method);
  checkAmounts(request, amounts);
  if (method === 'CARD' && amounts.totalCents > CARD_MAX_TOTAL_CENTS) throw new AppError('BAD_REQUEST', messages.payment.cardAboveLimit);
  if (method === 'WIRE' && request.wireReference.trim() !== wireReference(userId)) throw new AppError('BAD_REQUEST', messages.payment.wireReferenceMismatch);
  if (await isPaymentStepDone(db, unlocked)) throw new AppError('CONFLICT', messages.payment.alreadyPaid);

  // A crypto quote may ask the price service: before the transaction. Only when the open payment cannot keep its own.
  let quote: CryptoPaymentQuoteRecord | null = null;
  if (method === 'CRYPTO') {
    const open = await findOpenPayment(db, unlocked.id, 'CRYPTO');
    if (!open || !quoteIsFresh(open, request.cryptoCurrency, now)) quote = await deps.quoteCrypto(request.cryptoCurrency, amounts.totalCents, now);
  }

  const payment = await db.transaction(async (tx) => {
    const investment = await lockInvestmentForPayment(tx, userId, { starting: true });
    if (await isPaymentStepDone(tx, investment)) throw new AppError('CONFLICT', messages.payment.alreadyPaid);
    const id = randomUUID();
    // A card attempt is a fact of the lifecycle (the chart decides it may start, before the row exists); crypto and
    // wire start nothing on the chart until the investor says the money is sent (POST /api/payment/process).
    const lifecycle =
      method === 'CARD' && !(await findOpenPayment(tx, investment.id, method))
        ? (await decideOnCase(tx, userId, { type: 'INVESTOR.CARD_PAYMENT_STARTED', paymentId: id, dueCents: amounts.totalCents }, () => messages.payment.alreadyPaid)).trace
        : null;
    const inserted = await tx
      .insert(payments)
      .values({
        id,
        userId,
        investmentId: investment.id,
        paymentMethod: method,
        paymentStatus: 'PENDING',
        currency: 'EUR',
        ...amounts,
        paymentRef: method === 'WIRE' ? wireReference(userId) : ownPaymentRef(id),
        ...(quote ? quoteColumns(quote) : {}),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    let row = await findOpenPayment(tx, investment.id, method);
    if (!row) throw new Error('initiate: no open payment after the insert');
    if (inserted.length > 0) {
      await recordCase(tx, userId, lifecycle, now);
      await recordAuditEvent(tx, {
        userId,
        action: 'payment.initiated',
        detail: { paymentId: row.id, method, ...amounts, ...(lifecycle ? { lifecycle } : {}), ...(quote ? { cryptoCurrency: quote.cryptoCurrency, rate: quote.rate, rateStatus: quote.rateStatus, amountToSend: quote.amountToSend } : {}) },
        meta,
        at: now,
      });
    } else if (method === 'CRYPTO' && quote && !quoteIsFresh(row, request.cryptoCurrency, now)) {
      [row] = (await tx.update(payments).set({ ...quoteColumns(quote), updatedAt: now }).where(eq(payments.id, row.id)).returning()) as [PaymentRow];
      await recordAuditEvent(tx, {
        userId,
        action: 'payment.requoted',
        detail: { paymentId: row.id, cryptoCurrency: quote.cryptoCurrency, rate: quote.rate, rateStatus: quote.rateStatus, amountToSend: quote.amountToSend },
        meta,
        at: now,
      });
    }
    return row;
  });

  if (method === 'WIRE') return { paymentMethod: 'WIRE', ...amountsAnswer(payment), paymentRef: payment.paymentRef ?? wireReference(userId) };
  if (method === 'CRYPTO') return { paymentMethod: 'CRYPTO', ...amountsAnswer(payment), crypto: cryptoAnswer(payment) };
  if (!deps.card) throw new Error('initiate: a CARD payment without a card provider');
  const stripe = await cardIntentOf({ db, card: deps.card }, payment, ctx);
  if (stripe === 'canceled') {
    // The provider gave the intent up (it expired or was canceled there): its payment failed; one new attempt.
    if (retried) throw new AppError('SERVICE_UNAVAILABLE', messages.payment.cardProviderUnavailable);
    return initiatePayment(deps, request, ctx, true);
  }
  return { paymentMethod: 'CARD', ...amountsAnswer(payment), stripe };
}

function cryptoAnswer(payment: PaymentRow) {
  if (!payment.cryptoCurrency || payment.cryptoRate === null || !payment.cryptoAmount || !payment.cryptoWallet || !payment.quotedAt || !payment.cryptoRateAsOf) {
    throw new Error(`crypto payment ${payment.id} without its quote`);
  }
  return {
    cryptoCurrency: payment.cryptoCurrency as CryptoCurrency,
    rate: payment.cryptoRate,
    rateAsOf: payment.cryptoRateAsOf.toISOString(),
    rateStatus: (payment.cryptoRateStatus ?? 'unavailable') as CryptoPaymentQuoteRecord['rateStatus'],
    rateSource: payment.cryptoRateSource ?? '',
    amountToSend: payment.cryptoAmount,
    walletAddress: payment.cryptoWallet,
    quoteExpiresAt: new Date(payment.quotedAt.getTime() + CRYPTO_QUOTE_MAX_AGE_SECONDS * 1000).toISOString(),
  };
}

/**
 * Creations in flight in this process, by payment id: parallel initiations share one provider call and one store
 * (Stripe answers a second concurrent request with the same idempotency key with a 409 rather than waiting for the
 * first). The entry goes once the intent is stored, and every creation first re-reads the payment, so a late caller
 * reads the stored intent back instead of creating again. Across instances the idempotency key still gives one intent.
 */
const creating = new Map<string, Promise<CardIntentRecord>>();

function intentOnce(paymentId: string, obtain: () => Promise<CardIntentRecord>): Promise<CardIntentRecord> {
  const known = creating.get(paymentId);
  if (known) return known;
  const started = obtain().finally(() => creating.delete(paymentId));
  creating.set(paymentId, started);
  return started;
}

type ClientIntent = { clientSecret: string; paymentIntentId: string };

/**
 * The payment's intent: the stored one read back, or a new one (same key for every caller) stored once. A stored
 * intent that succeeded or was canceled at the provider without the server hearing of it is applied first (as
 * confirm-stripe would): succeeded, the step is done (409 alreadyPaid); canceled, 'canceled' (the caller starts anew).
 */
async function cardIntentOf(deps: CardDeps, payment: PaymentRow, ctx: RequestContext): Promise<ClientIntent | 'canceled'> {
  const { db, card } = deps;
  const intent = await intentOnce(payment.id, async () => {
    const [row] = await db.select({ providerIntentId: payments.providerIntentId }).from(payments).where(eq(payments.id, payment.id));
    return row?.providerIntentId ? retrieveCardIntent(card, row.providerIntentId) : createAndStoreIntent(deps, payment, ctx);
  });
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    const applied = await db.transaction((tx) => applyCardIntent(tx, payment.id, intent, { now: ctx.now, meta: ctx.meta, linkBase: ctx.linkBase, source: 'confirm' }));
    // Paid by it, or held as paid twice by it (another payment had settled): either way the step is done.
    if (applied.paymentStatus === 'COMPLETED' || applied.paymentStatus === 'ON_HOLD') throw new AppError('CONFLICT', messages.payment.alreadyPaid);
    return 'canceled';
  }
  if (!intent.clientSecret) throw new AppError('SERVICE_UNAVAILABLE', messages.payment.cardProviderUnavailable);
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

async function createAndStoreIntent({ db, card }: CardDeps, payment: PaymentRow, { userId, now, meta }: RequestContext): Promise<CardIntentRecord> {
  const intent = await createCardIntent(card, {
    amountCents: payment.totalCents,
    currency: 'eur',
    metadata: { paymentId: payment.id, investmentId: payment.investmentId, userId },
    idempotencyKey: cardIntentKey(payment.id),
  });
  await db.transaction(async (tx) => {
    const stored = await tx
      .update(payments)
      .set({ providerIntentId: intent.id, updatedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerIntentId)))
      .returning({ id: payments.id });
    if (stored.length > 0) {
      await recordAuditEvent(tx, { userId, action: 'payment.card_intent_created', detail: { paymentId: payment.id, paymentIntentId: intent.id, amountCents: intent.amount }, meta, at: now });
      return;
    }
    // Another instance stored it first: with the same key it must be this very intent.
    const [row] = await tx.select({ providerIntentId: payments.providerIntentId }).from(payments).where(eq(payments.id, payment.id));
    if (row?.providerIntentId !== intent.id) throw new Error(`payment ${payment.id} holds intent ${row?.providerIntentId}, the provider answered ${intent.id}`);
  });
  return intent;
}
