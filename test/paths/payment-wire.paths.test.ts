/**
 * Paths of the wire transfer: the bank details load (or fail, and load again), copies with their 2 s confirmation, a
 * QR that does not display, 'I have sent the transfer' (initiate with the reference shown, 1 s, process with it), and
 * each call failing. Replayed on a real actor under a stand-in parent; after each step: each call runs exactly in its
 * state with the contract's body (the WIRE amounts of the investment, the reference as shown), the method is locked
 * exactly while a call or the pause is under way, a failure says the spec's sentence (with the server's words), and
 * the chart finishes only once the server recorded the transfer.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { BANK_CONFIG, WIRE_INITIATED, amountsOf, stepAnswer } from '../../machines/payment/payment.fixtures.ts';
import { paymentWireMachine } from '../../machines/payment-wire/payment-wire.machine.ts';
import { selectQr } from '../../machines/payment-wire/payment-wire.selectors.ts';
import type { InitiateInput, ProcessInput } from '../../machines/payment-wire/payment-wire.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { fromCents } from '../../src/shared/payment.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof paymentWireMachine>;
const text = messages.payment;
const input = { amounts: amountsOf('WIRE') };
const REFUSED = 'The payment reference does not match your investment.';

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadBankConfig', output: BANK_CONFIG },
  { type: 'xstate.error.actor.loadBankConfig', error: new ApiError('HTTP 503', 503, null) },
  { type: 'wire.retry' },
  { type: 'wire.copy', field: 'accountNumber' },
  { type: 'wire.copy.done', what: 'accountNumber' },
  { type: 'wire.copy.expired' },
  { type: 'wire.qr.failed' },
  { type: 'wire.confirm' },
  { type: 'xstate.done.actor.initiatePayment', output: WIRE_INITIATED },
  { type: 'xstate.done.actor.initiatePayment', output: { ...WIRE_INITIATED, paymentMethod: 'CARD' } },
  { type: 'xstate.error.actor.initiatePayment', error: new ApiError(REFUSED, 400, { error: REFUSED }) },
  { type: 'xstate.after.WIRE_VERIFICATION.paymentWire.ready.verifying' },
  { type: 'xstate.done.actor.processPayment', output: stepAnswer('AWAITING_FUNDS', 'pay_wire') },
  { type: 'xstate.error.actor.processPayment', error: new ApiError('HTTP 500', 500, null) },
];

type Call<I> = { input: I; running: boolean };
type Fakes = { initiates: Call<InitiateInput>[]; processes: Call<ProcessInput>[]; copies: string[]; loads: Call<void>[] };

function pending<I, O>(calls: Call<I>[]) {
  return fromPromise<O, I>(({ input: i, signal }) => {
    const call = { input: i, running: true };
    calls.push(call);
    signal.addEventListener('abort', () => void (call.running = false));
    return new Promise<O>(() => {});
  });
}

const stopWhen = (s: Snapshot) => s.context.copied !== null && s.context.qrDisplayFailed;

/** Generation runs the chart alone: what it tells its parent is a no-op there. */
const chart = paymentWireMachine.provide({ actions: { lockMethod: () => undefined, unlockMethod: () => undefined } });

describe('payment-wire statechart paths', () => {
  const result = coverMachine(chart, { name: 'payment-wire', events, input, stopWhen });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the transfer invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths<typeof paymentWireMachine, Fakes>(result.paths, {
      parent: true,
      input,
      setup: () => {
        const fakes: Fakes = { initiates: [], processes: [], copies: [], loads: [] };
        const machine = paymentWireMachine.provide({
          actors: {
            loadBankConfig: pending<void, typeof BANK_CONFIG>(fakes.loads),
            initiatePayment: pending(fakes.initiates),
            processPayment: pending(fakes.processes),
          },
          actions: { copyText: (_, params) => void fakes.copies.push(params.text) },
        });
        return { machine, fakes };
      },
      checkStep: ({ snapshot: s, event, fakes, sentToParent }) => {
        for (const [pattern, calls] of [[/loadBankConfig$/, fakes.loads], [/initiatePayment$/, fakes.initiates], [/processPayment$/, fakes.processes]] as const) {
          if (/^xstate\.(done|error)\.actor\./.test(event.type) && pattern.test(event.type)) calls.forEach((c) => void (c.running = false));
        }
        const running = <I,>(calls: Call<I>[]) => calls.filter((c) => c.running);
        expect(running(fakes.loads).length).toBe(s.matches('loading') ? 1 : 0);
        expect(running(fakes.initiates).length).toBe(s.matches({ ready: 'initiating' }) ? 1 : 0);
        expect(running(fakes.processes).length).toBe(s.matches({ ready: 'processing' }) ? 1 : 0);
        const amounts = amountsOf('WIRE');
        for (const call of running(fakes.initiates)) {
          expect(call.input).toEqual({ paymentMethod: 'WIRE', amount: fromCents(amounts.amountCents), processingFee: 0, totalAmount: fromCents(amounts.totalCents), wireReference: BANK_CONFIG.bankDetails.reference });
        }
        for (const call of running(fakes.processes)) {
          expect(call.input).toEqual({ paymentMethod: 'WIRE', paymentId: 'pay_wire', transactionId: BANK_CONFIG.bankDetails.reference });
        }
        // The method is locked exactly while the transfer is being recorded.
        const busy = sentToParent.filter((e) => e.type === 'payment.method.busy').at(-1) as { busy: boolean } | undefined;
        if (s.status !== 'done') expect(busy?.busy ?? false).toBe(s.hasTag('busy'));
        if (event.type === 'wire.copy') expect(fakes.copies.at(-1)).toBe(BANK_CONFIG.bankDetails.accountNumber);
        if (event.type === 'wire.copy.done') expect(s.context.copied).toBe('accountNumber');
        if (event.type === 'wire.copy.expired') expect(s.context.copied).toBeNull();
        if (event.type === 'xstate.error.actor.loadBankConfig') expect(s.context.loadProblem).toBe(text.qrLoadFailed('HTTP 503'));
        if (event.type === 'wire.qr.failed') expect(selectQr(s)).toEqual({ problem: text.qrDisplayFailed });
        if (event.type === 'xstate.error.actor.initiatePayment') expect(s.context.error).toEqual({ message: text.wireConfirmFailed, detail: REFUSED });
        if (event.type === 'xstate.error.actor.processPayment') expect(s.context.error).toEqual({ message: text.wireConfirmFailed, detail: null });
      },
    });
    for (const { path, output } of ended) {
      const finished = path.steps.some((step) => step.event.type === 'xstate.done.actor.processPayment');
      expect(output).toEqual(finished ? stepAnswer('AWAITING_FUNDS', 'pay_wire') : undefined);
    }
    console.log(`[paths] payment-wire: ${ended.length} paths replayed`);
  });
});
