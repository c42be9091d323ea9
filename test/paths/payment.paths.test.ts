/**
 * Paths of the payment page: its start (not paid yet, paid by card, a wire awaiting funds, card not offered by the
 * server, no session, a failure and the retry), the choice of a method (each, switching, refused while the method is mid-payment), a method's chart
 * finishing (card, crypto, wire), the 3 s or 2 s before the step completes, and the read-only summary (copy with its
 * 2 s confirmation, on to the complete page). Replayed on a real actor (the method charts stand-ins that the path's
 * events finish) under a stand-in process; after each step: exactly the chosen method's chart runs, with its method's
 * amounts for this investment (and, for card, the card provider); card never runs when the server does not offer
 * it; a locked choice does not change; a summary only for a step already done; the chart
 * finishes only after the server confirmed a payment and the method's delay passed.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { CARD_UNAVAILABLE, LOCAL_TEST, PAID_BY_CARD, WIRE_AWAITING, amountsOf, statusAnswer, stepAnswer } from '../../machines/payment/payment.fixtures.ts';
import { COMPLETE_PATH, paymentMachine } from '../../machines/payment/payment.machine.ts';
import { selectCardUnavailable, selectMethodOffers, selectPaidSummary, selectPhase } from '../../machines/payment/payment.selectors.ts';
import type { PaymentStart } from '../../machines/payment/payment.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import type { ChoosableMethod } from '../../src/shared/payment.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentMachine>;

const UNPAID: PaymentStart = { status: statusAnswer(), stripeConfig: LOCAL_TEST };
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPaymentStart', output: UNPAID },
  { type: 'xstate.done.actor.loadPaymentStart', output: { status: PAID_BY_CARD, stripeConfig: LOCAL_TEST } },
  { type: 'xstate.done.actor.loadPaymentStart', output: { status: WIRE_AWAITING, stripeConfig: LOCAL_TEST } },
  { type: 'xstate.done.actor.loadPaymentStart', output: { status: statusAnswer(), stripeConfig: CARD_UNAVAILABLE } },
  { type: 'xstate.error.actor.loadPaymentStart', error: new ApiError(messages.session.noToken, 401, null) },
  { type: 'xstate.error.actor.loadPaymentStart', error: new ApiError('HTTP 500', 500, null) },
  { type: 'payment.retry' },
  { type: 'payment.method.choose', method: 'CARD' },
  { type: 'payment.method.choose', method: 'CRYPTO' },
  { type: 'payment.method.choose', method: 'WIRE' },
  { type: 'payment.method.busy', busy: true },
  { type: 'payment.method.busy', busy: false },
  { type: 'xstate.done.actor.card', output: stepAnswer('COMPLETED') },
  { type: 'xstate.done.actor.crypto', output: stepAnswer('AWAITING_FUNDS') },
  { type: 'xstate.done.actor.wire', output: stepAnswer('AWAITING_FUNDS') },
  { type: 'xstate.after.CARD_REDIRECT.payment.confirmed' },
  { type: 'xstate.after.METHOD_REDIRECT.payment.confirmed' },
  { type: 'payment.reference.copy' },
  { type: 'payment.copy.done', what: 'reference' },
  { type: 'payment.copy.expired' },
  { type: 'payment.goToComplete' },
];

const chart = paymentMachine.provide({ actions: { goToComplete: () => undefined } });
/** Past a copy nothing new is decided in the summary. */
const stopWhen = (s: Snapshot) => s.context.copied;

const METHOD_OF = { card: 'CARD', crypto: 'CRYPTO', wire: 'WIRE' } as const satisfies Record<string, ChoosableMethod>;
type Fakes = { started: { id: string; input: unknown }[]; copies: string[]; before: Snapshot | null };

describe('payment statechart paths', () => {
  const result = coverMachine(chart, { name: 'payment', events, stopWhen });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentMachine, Fakes>(result.paths, {
      parent: true,
      setup: () => {
        const fakes: Fakes = { started: [], copies: [], before: null };
        /** A method's chart that notes its start and never finishes by itself (the path's event finishes it). */
        const standIn = (id: string) =>
          createMachine({ id, initial: 'open', states: { open: {} }, entry: ({ event }) => void fakes.started.push({ id, input: (event as { input?: unknown }).input }) });
        const machine = paymentMachine.provide({
          actors: {
            loadPaymentStart: fromPromise<PaymentStart, void>(() => new Promise(() => {})),
            card: standIn('card') as never,
            crypto: standIn('crypto') as never,
            wire: standIn('wire') as never,
          },
          actions: { copyText: (_, params) => void fakes.copies.push(params.text) },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        const c = s.context;
        const before = fakes.before;
        // Exactly the chosen method's chart runs, with its amounts.
        const children = Object.keys(s.children).filter((id) => id in METHOD_OF);
        const inMethod = (['card', 'crypto', 'wire'] as const).find((id) => s.matches({ paying: id }));
        expect(children).toEqual(inMethod ? [inMethod] : []);
        if (inMethod) {
          expect(c.method).toBe(METHOD_OF[inMethod]);
          const started = fakes.started.at(-1)!;
          expect(started.id).toBe(inMethod);
          expect(started.input).toEqual(inMethod === 'card' ? { amounts: amountsOf('CARD'), stripeConfig: LOCAL_TEST } : { amounts: amountsOf(METHOD_OF[inMethod]) });
        }
        // Card not offered: never the card chart, no card on offer, and the reason for the page's sentence.
        if (c.stripeConfig === CARD_UNAVAILABLE) {
          expect(s.matches({ paying: 'card' })).toBe(false);
          expect(selectCardUnavailable(s)).toBe('not-configured');
          expect(selectMethodOffers(s).map((offer) => offer.method)).toEqual(['CRYPTO', 'WIRE']);
        } else {
          expect(selectCardUnavailable(s)).toBeNull();
        }
        // A locked choice holds still.
        if (event.type === 'payment.method.choose' && before?.context.locked) expect(c.method).toBe(before.context.method);
        // The summary only for a step already done; the funds awaited said so.
        if (selectPhase(s) === 'summary') {
          expect(c.status?.paymentStatus === 'COMPLETED' || c.status?.investment.paymentCompleted).toBe(true);
          expect(selectPaidSummary(s)?.awaitingFunds).toBe(c.status === WIRE_AWAITING);
        }
        if (event.type === 'payment.reference.copy' && s.matches('summary')) expect(fakes.copies.at(-1)).toBe(c.status?.latestPayment?.paymentRef);
        if (event.type === 'xstate.error.actor.loadPaymentStart') expect(selectPhase(s)).toBe((event.error as ApiError).status === 401 ? 'authRequired' : 'failed');
        // Done only after the method's own delay.
        if (s.status === 'done') expect(event.type).toBe(c.method === 'CARD' ? 'xstate.after.CARD_REDIRECT.payment.confirmed' : 'xstate.after.METHOD_REDIRECT.payment.confirmed');
        fakes.before = s;
      },
    });
    for (const { path, output, sentToParent } of ended) {
      if (path.steps.some((step) => step.event.type === 'payment.goToComplete' && step.state.matches('summary'))) {
        expect(sentToParent).toContainEqual({ type: 'process.route.request', path: COMPLETE_PATH });
      }
      const redirected = path.steps.some((step) => step.state.status === 'done');
      expect(output).toEqual(redirected ? expect.objectContaining({ completed: true }) : undefined);
    }
    console.log(`[paths] payment: ${ended.length} paths replayed`);
  });
});
