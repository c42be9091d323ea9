/**
 * The local test card provider's browser calls (only while it is the card provider): POST /test-card/confirm with a
 * Stripe test PaymentMethod id, and POST /test-card/authenticate answering the 3-D Secure challenge. The intent must
 * be the caller's open card payment's (another investor's, or an unknown one: 404), still carry that payment's total
 * in EUR, and the client secret must be the intent's. When the intent changes, the server applies it at once, as
 * Stripe's webhook would (apply-card-intent.ts): a browser that dies before confirm-stripe still gets paid.
 */
import { messages } from '../../../shared/messages.ts';
import type { CardIntent, LocalCardAuthenticateRequest, LocalCardConfirmRequest } from '../../../shared/payment.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CardIntentRecord } from '../../providers/card/card-provider.ts';
import { LocalCardRefusal, type LocalCardProvider } from '../../providers/card/local-card-provider.ts';
import type { RequestContext } from '../request-context.ts';
import { applyCardIntent } from './apply-card-intent.ts';
import { retrieveCardIntent } from './card-provider-calls.ts';
import { checkPaymentAccess, isPaymentStepDone } from './payment-access.ts';
import { findOpenPayment } from './payment-rows.ts';

type Deps = { db: Db; card: LocalCardProvider };

async function changeLocalIntent(
  { db, card }: Deps,
  paymentIntentId: string,
  change: () => Promise<CardIntentRecord>,
  { userId, now, meta, linkBase }: RequestContext,
): Promise<CardIntent> {
  const investment = await checkPaymentAccess(db, userId, { starting: true });
  // Paid already (by wire or crypto): no charge on top. A real Stripe intent is confirmed by Stripe.js, out of our
  // reach; a charge that lands anyway is recorded as it is (apply-card-intent.ts).
  if (await isPaymentStepDone(db, investment)) throw new AppError('CONFLICT', messages.payment.alreadyPaid);
  const open = await findOpenPayment(db, investment.id, 'CARD');
  if (!open?.providerIntentId || open.providerIntentId !== paymentIntentId) throw new AppError('NOT_FOUND', messages.payment.paymentNotFound);
  const current = await retrieveCardIntent(card, paymentIntentId);
  if (current.amount !== open.totalCents || current.currency !== 'eur') throw new AppError('CONFLICT', messages.payment.intentMismatch);
  let intent: CardIntentRecord;
  try {
    intent = await change();
  } catch (error) {
    if (error instanceof LocalCardRefusal && error.reason === 'client-secret') throw new AppError('BAD_REQUEST', messages.payment.intentMismatch);
    if (error instanceof LocalCardRefusal) throw new AppError('CONFLICT', messages.payment.paymentNotOpen);
    throw error;
  }
  // Applied with the intent as it stands once the investor's lock is held: racing confirmations end consistent.
  await db.transaction((tx) => applyCardIntent(tx, open.id, (locked) => card.retrieveIn(locked, paymentIntentId), { now, meta, linkBase, source: 'local-provider' }));
  return { id: intent.id, status: intent.status, lastPaymentError: intent.lastPaymentError };
}

export const confirmLocalCard = (deps: Deps, request: LocalCardConfirmRequest, ctx: RequestContext) =>
  changeLocalIntent(deps, request.paymentIntentId, () => deps.card.confirm(request.paymentIntentId, request.clientSecret, request.paymentMethod), ctx);

export const authenticateLocalCard = (deps: Deps, request: LocalCardAuthenticateRequest, ctx: RequestContext) =>
  changeLocalIntent(deps, request.paymentIntentId, () => deps.card.authenticate(request.paymentIntentId, request.clientSecret, request.outcome), ctx);
