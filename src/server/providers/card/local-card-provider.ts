/**
 * The local test card provider, used when no Stripe keys are configured outside production (with NODE_ENV=production
 * it is never made: card is then not offered, see config/stripe-env.ts): the portal's own PaymentIntents, persisted in
 * local_card_intents as Stripe keeps its own, answering by Stripe's test PaymentMethod ids as Stripe's test mode does
 * (src/shared/payment.ts TEST_CARDS). The browser confirms through /api/payment/test-card/* with the intent's client
 * secret (what Stripe.js sends to Stripe); the server then reads the intent back like any other provider's. It never
 * charges anything and it is labelled TEST MODE in the page.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CARD_INTENT_STATUSES, type CardIntentStatus, type TestPaymentMethodId } from '../../../shared/payment.ts';
import type { Clock } from '../../clock.ts';
import { localCardIntents, localCardRefunds } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import {
  CardIntentNotFound,
  CardRefundRefused,
  CardWebhookSignatureError,
  type CardRefundRecord,
  type CardIntentRecord,
  type CardPaymentError,
  type CardProvider,
  type CreateCardIntentInput,
  type RefundCardIntentInput,
} from './card-provider.ts';

/** Stripe's own words for its test cards' failures (what Stripe's test mode answers). */
export const LOCAL_CARD_ERRORS = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authenticationFailed: {
    code: 'payment_intent_authentication_failure',
    declineCode: null,
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, CardPaymentError>;

/** What each test PaymentMethod does to an intent being confirmed. */
const CONFIRM_OUTCOMES: Record<TestPaymentMethodId, { status: CardIntentStatus; error: CardPaymentError | null }> = {
  pm_card_visa: { status: 'succeeded', error: null },
  pm_card_chargeDeclined: { status: 'requires_payment_method', error: LOCAL_CARD_ERRORS.declined },
  pm_card_chargeDeclinedInsufficientFunds: { status: 'requires_payment_method', error: LOCAL_CARD_ERRORS.insufficientFunds },
  pm_card_authenticationRequiredOnSetup: { status: 'requires_action', error: null },
};

/** Stripe confirms an intent only in these states (a succeeded or canceled one never again). */
const CONFIRMABLE: readonly CardIntentStatus[] = ['requires_payment_method', 'requires_confirmation'];
/** ... and cancels one in any state but these two. */
const CANCELABLE: readonly CardIntentStatus[] = CARD_INTENT_STATUSES.filter((status) => status !== 'succeeded' && status !== 'canceled');

/** Why the local provider refused a browser's call: the caller answers in its own words. */
export class LocalCardRefusal extends Error {
  override readonly name = 'LocalCardRefusal';
  constructor(readonly reason: 'client-secret' | 'state' | 'idempotency') {
    super(`Local card provider refused: ${reason}`);
  }
}

export interface LocalCardProvider extends CardProvider {
  readonly kind: 'local-test';
  confirm(id: string, clientSecret: string, paymentMethod: TestPaymentMethodId): Promise<CardIntentRecord>;
  authenticate(id: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<CardIntentRecord>;
  /** The intent read inside the caller's transaction (its latest committed state, after the caller's locks). */
  retrieveIn(tx: Db, id: string): Promise<CardIntentRecord>;
}

type Row = typeof localCardIntents.$inferSelect;

const toRecord = (row: Row): CardIntentRecord => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status as CardIntentStatus,
  amount: row.amount,
  currency: row.currency,
  metadata: { ...row.metadata },
  lastPaymentError: row.lastError ?? null,
});

/** Constant-time comparison of the secret the browser holds with the stored one. */
function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(stored, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const sameMetadata = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

export const isLocalCardProvider = (provider: CardProvider | null): provider is LocalCardProvider => provider?.kind === 'local-test';

/** Why the local provider cannot be made: a process running with NODE_ENV=production. */
export class LocalCardProviderInProduction extends Error {
  override readonly name = 'LocalCardProviderInProduction';
  constructor() {
    super('The local test card provider is never made in a process with NODE_ENV=production: it would record test cards as paid (configure Stripe, or card is not offered).');
  }
}

async function retrieveIn(db: Db, id: string): Promise<CardIntentRecord> {
  const [row] = await db.select().from(localCardIntents).where(eq(localCardIntents.id, id));
  if (!row) throw new CardIntentNotFound(`No such payment_intent: '${id}'`);
  return toRecord(row);
}

export function createLocalCardProvider({ db, clock }: { db: Db; clock: Clock }): LocalCardProvider {
  // The settings never ask for it in production (config/stripe-env.ts); this holds whatever a caller passes.
  if (process.env.NODE_ENV?.trim() === 'production') throw new LocalCardProviderInProduction();
  /**
   * Reads the intent locked, checks the secret (the browser's calls; null: the server's own, with its secret key) and
   * the state, and writes what `change` decides, in one transaction.
   */
  const transition = (id: string, clientSecret: string | null, allowed: readonly CardIntentStatus[], change: (row: Row) => { status: CardIntentStatus; error: CardPaymentError | null; paymentMethod?: string }) =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(localCardIntents).where(eq(localCardIntents.id, id)).for('update');
      if (!row) throw new CardIntentNotFound(`No such payment_intent: '${id}'`);
      if (clientSecret !== null && !sameSecret(clientSecret, row.clientSecret)) throw new LocalCardRefusal('client-secret');
      if (!allowed.includes(row.status as CardIntentStatus)) throw new LocalCardRefusal('state');
      const next = change(row);
      const [updated] = await tx
        .update(localCardIntents)
        .set({ status: next.status, lastError: next.error, ...(next.paymentMethod ? { paymentMethod: next.paymentMethod } : {}), updatedAt: clock.now() })
        .where(eq(localCardIntents.id, id))
        .returning();
      return toRecord(updated as Row);
    });

  return {
    kind: 'local-test',
    publishableKey: null,
    testMode: true,
    async createPaymentIntent({ amountCents, currency, metadata, idempotencyKey }: CreateCardIntentInput) {
      const id = `pi_local_${randomBytes(12).toString('hex')}`;
      const now = clock.now();
      await db
        .insert(localCardIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          idempotencyKey,
          amount: amountCents,
          currency,
          metadata: { ...metadata },
          status: 'requires_payment_method',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: localCardIntents.idempotencyKey });
      const [row] = await db.select().from(localCardIntents).where(eq(localCardIntents.idempotencyKey, idempotencyKey));
      if (!row) throw new Error('local card intent vanished after its insert');
      // As Stripe: a key reused with other parameters is an error, never the other request's intent.
      if (row.amount !== amountCents || row.currency !== currency || !sameMetadata(row.metadata, metadata)) throw new LocalCardRefusal('idempotency');
      return toRecord(row);
    },
    retrievePaymentIntent: (id: string) => retrieveIn(db, id),
    cancelPaymentIntent: (id: string) => transition(id, null, CANCELABLE, (row) => ({ status: 'canceled', error: row.lastError ?? null })),
    retrieveIn,
    /**
     * As Stripe: one refund per idempotency key (the same key and amount give the same refund back, another amount is
     * refused), of a succeeded intent only, never more in total than it captured. The intent is locked meanwhile, so
     * two refunds at once are counted one after the other.
     */
    refundPaymentIntent: (id: string, { amountCents, idempotencyKey }: RefundCardIntentInput) =>
      db.transaction(async (tx): Promise<CardRefundRecord> => {
        const [intent] = await tx.select().from(localCardIntents).where(eq(localCardIntents.id, id)).for('update');
        if (!intent) throw new CardIntentNotFound(`No such payment_intent: '${id}'`);
        const [seen] = await tx.select().from(localCardRefunds).where(eq(localCardRefunds.idempotencyKey, idempotencyKey));
        const asRecord = (row: typeof localCardRefunds.$inferSelect): CardRefundRecord => ({
          id: row.id,
          paymentIntentId: row.paymentIntentId,
          amount: row.amount,
          currency: row.currency,
          status: row.status,
        });
        if (seen) {
          if (seen.paymentIntentId !== id || seen.amount !== amountCents) {
            throw new CardRefundRefused('Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return asRecord(seen);
        }
        if (intent.status !== 'succeeded') throw new CardRefundRefused(`This PaymentIntent has a status of ${intent.status}: only a succeeded payment can be refunded.`);
        if (!Number.isInteger(amountCents) || amountCents <= 0) throw new CardRefundRefused('Invalid refund amount.');
        const [done] = await tx
          .select({ total: sql<string>`coalesce(sum(${localCardRefunds.amount}), 0)` })
          .from(localCardRefunds)
          .where(eq(localCardRefunds.paymentIntentId, id));
        const refunded = Number(done?.total ?? 0);
        if (refunded + amountCents > intent.amount) {
          throw new CardRefundRefused(`Refund amount (${amountCents}) is greater than the unrefunded amount on the charge (${intent.amount - refunded}).`);
        }
        const [row] = await tx
          .insert(localCardRefunds)
          .values({ id: `re_local_${randomBytes(12).toString('hex')}`, paymentIntentId: id, idempotencyKey, amount: amountCents, currency: intent.currency, status: 'succeeded', createdAt: clock.now() })
          .returning();
        return asRecord(row as typeof localCardRefunds.$inferSelect);
      }),
    constructWebhookEvent() {
      // Nothing sends this provider's events: it applies a changed intent itself (see the test-card routes).
      throw new CardWebhookSignatureError('The local test card provider receives no webhooks');
    },
    confirm: (id, clientSecret, paymentMethod) =>
      transition(id, clientSecret, CONFIRMABLE, () => {
        const outcome = CONFIRM_OUTCOMES[paymentMethod];
        return { status: outcome.status, error: outcome.error, paymentMethod };
      }),
    authenticate: (id, clientSecret, outcome) =>
      transition(id, clientSecret, ['requires_action'], () =>
        outcome === 'complete' ? { status: 'succeeded', error: null } : { status: 'requires_payment_method', error: LOCAL_CARD_ERRORS.authenticationFailed },
      ),
  };
}
