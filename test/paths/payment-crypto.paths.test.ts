/**
 * Paths of the crypto payment: rates believed, refused (ETH missing, BTC out of range) or failing (an error answer, no
 * network), tried again up to the limit then 'Max Retries Reached'; a coin chosen (one without a price is not), the
 * wallet copied, Continue (the server's quote or its refusal), the hash typed (valid, not), the 1.5 s verification and
 * the process call (recorded, failed, quote expired: re-quoted). Replayed on a real actor under a stand-in parent;
 * after each step: each call runs exactly in its state with the contract's body, a refused load says the spec's
 * words, the retries never exceed the limit, the quote's amount and wallet are the server's, the method is locked
 * exactly while a call or the pause is under way, and the chart finishes only once the server recorded the payment.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import {
  CARD_INITIATED,
  ETH_HASH,
  ETH_WALLET,
  RATES_OUT_OF_RANGE,
  RATES_WITHOUT_ETH,
  amountsOf,
  cryptoInitiated,
  ratesAnswer,
  stepAnswer,
} from '../../machines/payment/payment.fixtures.ts';
import { paymentCryptoMachine } from '../../machines/payment-crypto/payment-crypto.machine.ts';
import { selectCryptoPhase, selectOffers } from '../../machines/payment-crypto/payment-crypto.selectors.ts';
import type { InitiateInput, ProcessInput } from '../../machines/payment-crypto/payment-crypto.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { CRYPTO_PRICE_RETRY_LIMIT, fromCents } from '../../src/shared/payment.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentCryptoMachine>;
const text = messages.payment;
const input = { amounts: amountsOf('CRYPTO') };
const NEW_AMOUNT = '4.050000';
const FIRST_AMOUNT = '4.040000';

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCryptoRates', output: ratesAnswer({}, 'indicative') },
  { type: 'xstate.done.actor.loadCryptoRates', output: RATES_WITHOUT_ETH },
  { type: 'xstate.done.actor.loadCryptoRates', output: RATES_OUT_OF_RANGE },
  { type: 'xstate.error.actor.loadCryptoRates', error: new ApiError('HTTP 503', 503, null) },
  { type: 'xstate.after.PRICE_RETRY.paymentCrypto.waitingToRetry' },
  { type: 'crypto.retry' },
  { type: 'crypto.coin.choose', coin: 'ETH' },
  { type: 'crypto.wallet.copy', coin: 'ETH' },
  { type: 'crypto.copy.done', what: 'ETH' },
  { type: 'crypto.copy.expired' },
  { type: 'crypto.continue' },
  { type: 'xstate.done.actor.initiatePayment', output: cryptoInitiated() },
  // An answer of another method's shape is no quote.
  { type: 'xstate.done.actor.initiatePayment', output: CARD_INITIATED },
  { type: 'xstate.error.actor.initiatePayment', error: new ApiError(text.pricesUnavailableServer, 503, { error: text.pricesUnavailableServer }) },
  { type: 'crypto.hash.change', value: ` ${ETH_HASH} ` },
  { type: 'crypto.hash.change', value: '0x1234' },
  { type: 'crypto.confirm' },
  { type: 'xstate.after.CRYPTO_VERIFICATION.paymentCrypto.verifying' },
  { type: 'xstate.done.actor.processPayment', output: stepAnswer('AWAITING_FUNDS', 'pay_crypto') },
  { type: 'xstate.error.actor.processPayment', error: new ApiError(text.quoteExpired, 409, { error: text.quoteExpired }) },
  { type: 'xstate.error.actor.processPayment', error: new ApiError(messages.general.network, 0, null) },
];
/** In requoting, the new quote answers instead of the first one. */
const eventsOf = (s: Snapshot) =>
  s.matches('requoting')
    ? events.map((e) => (e.type === 'xstate.done.actor.initiatePayment' && e.output !== CARD_INITIATED ? { ...e, output: cryptoInitiated(NEW_AMOUNT) } : e))
    : events;

/** Generation runs the chart alone: what it tells its parent is a no-op there. */
const chart = paymentCryptoMachine.provide({ actions: { lockMethod: () => undefined, unlockMethod: () => undefined } });
/** Past a copy and a wrong hash nothing new is decided. */
const stopWhen = (s: Snapshot) => s.context.copied !== null && s.context.error !== null;

type Call<I> = { input: I; running: boolean };
type Fakes = { loads: Call<void>[]; initiates: Call<InitiateInput>[]; processes: Call<ProcessInput>[]; copies: string[] };

function pending<I, O>(calls: Call<I>[]) {
  return fromPromise<O, I>(({ input: i, signal }) => {
    const call = { input: i, running: true };
    calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise<O>(() => {});
  });
}

describe('payment-crypto statechart paths', () => {
  const result = coverMachine(chart, { name: 'payment-crypto', events: eventsOf, input, stopWhen });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the crypto invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentCryptoMachine, Fakes>(result.paths, {
      parent: true,
      input,
      setup: () => {
        const fakes: Fakes = { loads: [], initiates: [], processes: [], copies: [] };
        const machine = paymentCryptoMachine.provide({
          actors: { loadCryptoRates: pending(fakes.loads), initiatePayment: pending(fakes.initiates), processPayment: pending(fakes.processes) },
          actions: { copyText: (_, params) => void fakes.copies.push(params.text) },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes, sentToParent }) => {
        for (const [pattern, calls] of [[/loadCryptoRates$/, fakes.loads], [/initiatePayment$/, fakes.initiates], [/processPayment$/, fakes.processes]] as const) {
          if (/^xstate\.(done|error)\.actor\./.test(event.type) && pattern.test(event.type)) calls.forEach((c) => void (c.running = false));
        }
        const running = <I,>(calls: Call<I>[]) => calls.filter((c) => c.running);
        const c = s.context;
        expect(running(fakes.loads).length).toBe(s.matches('loadingRates') ? 1 : 0);
        expect(running(fakes.initiates).length).toBe(s.matches('initiating') || s.matches('requoting') ? 1 : 0);
        expect(running(fakes.processes).length).toBe(s.matches('processing') ? 1 : 0);
        const amounts = amountsOf('CRYPTO');
        for (const call of running(fakes.initiates)) {
          expect(call.input).toEqual({ paymentMethod: 'CRYPTO', amount: fromCents(amounts.amountCents), processingFee: fromCents(amounts.feeCents), totalAmount: fromCents(amounts.totalCents), cryptoCurrency: 'ETH' });
        }
        for (const call of running(fakes.processes)) expect(call.input).toEqual({ paymentMethod: 'CRYPTO', paymentId: 'pay_crypto', transactionId: ETH_HASH });
        // Retries never beyond the limit; after the last one, the spec's words.
        expect(c.retries).toBeLessThanOrEqual(CRYPTO_PRICE_RETRY_LIMIT);
        if (s.matches('unavailable')) expect(c.retries).toBe(CRYPTO_PRICE_RETRY_LIMIT);
        if (event.type === 'xstate.done.actor.loadCryptoRates' && event.output === RATES_WITHOUT_ETH) expect(c.ratesProblem).toBe(text.pricesMissing);
        if (event.type === 'xstate.done.actor.loadCryptoRates' && event.output === RATES_OUT_OF_RANGE) expect(c.ratesProblem).toBe(text.pricesOutOfRange);
        if (event.type === 'xstate.error.actor.loadCryptoRates') expect(c.ratesProblem).toBe(text.pricesApiError(503));
        // Offers carry six decimals; once quoted, the server's amount and wallet are the ones kept.
        for (const offer of selectOffers(s)) if (offer.amountToSend) expect(offer.amountToSend).toMatch(/^\d+\.\d{6}$/);
        if (c.quote) {
          expect(c.quote.walletAddress).toBe(ETH_WALLET);
          expect([FIRST_AMOUNT, NEW_AMOUNT]).toContain(c.quote.amountToSend);
        }
        if (event.type === 'xstate.error.actor.processPayment' && (event.error as ApiError).message === text.quoteExpired) expect(s.matches('requoting')).toBe(true);
        if (event.type === 'xstate.done.actor.initiatePayment' && event.output?.crypto?.amountToSend === NEW_AMOUNT) expect(c.error?.message).toBe(text.quoteExpired);
        if (event.type === 'xstate.error.actor.processPayment' && s.matches('sending')) expect(c.error?.message).toBe(text.cryptoConfirmFailed);
        if (event.type === 'crypto.confirm' && !s.matches('verifying') && s.matches('sending')) expect(c.error?.message).toBe(text.transactionHashInvalid('ethereum'));
        if (event.type === 'crypto.wallet.copy') expect(fakes.copies.at(-1)).toBe(ETH_WALLET);
        const busy = sentToParent.filter((e) => e.type === 'payment.method.busy').at(-1) as { busy: boolean } | undefined;
        if (s.status !== 'done') expect(busy?.busy ?? false).toBe(s.hasTag('busy'));
        expect(selectCryptoPhase(s)).toBeTruthy();
      },
    });
    for (const { path, output } of ended) {
      const finished = path.steps.some((step) => step.event.type === 'xstate.done.actor.processPayment');
      expect(output).toEqual(finished ? stepAnswer('AWAITING_FUNDS', 'pay_crypto') : undefined);
    }
    console.log(`[paths] payment-crypto: ${ended.length} paths replayed`);
  });
});
