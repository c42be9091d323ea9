// @vitest-environment happy-dom
/**
 * The payment page's views on a real payment chart with its real method charts (calls faked at the effect seam):
 * the transaction summary and the three methods with the prompt; the TEST MODE card form whose Pay says what is
 * missing until the form is complete, sends only the test PaymentMethod id, shows a decline in the provider's words
 * and the success message; the crypto rates flagged indicative with the amount to send; the wire details, the QR and
 * its display fallback; the read-only summary (successful, or recorded and awaiting funds) with its copy; and
 * 'Authentication Required' with 'Go to Login'. Also the complete page.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { SessionActorRef } from '../../../machines/session/session.machine.ts';
import { paymentCardMachine } from '../../../machines/payment-card/payment-card.machine.ts';
import { paymentCryptoMachine } from '../../../machines/payment-crypto/payment-crypto.machine.ts';
import { paymentMachine, type PaymentActorRef } from '../../../machines/payment/payment.machine.ts';
import {
  BANK_CONFIG,
  CARD_INITIATED,
  CARD_UNAVAILABLE,
  DECLINED_MESSAGE,
  LOCAL_TEST,
  PAID_BY_CARD,
  WIRE_AWAITING,
  intent,
  ratesAnswer,
  statusAnswer,
  stepAnswer,
} from '../../../machines/payment/payment.fixtures.ts';
import type { PaymentStart } from '../../../machines/payment/payment.types.ts';
import { paymentWireMachine } from '../../../machines/payment-wire/payment-wire.machine.ts';
import { ApiError } from '../../../src/shared/api-error.ts';
import { messages } from '../../../src/shared/messages.ts';
import { paymentPageMessages } from '../../../src/shared/messages/payment-page.ts';
import type { CardIntent, LocalCardConfirmRequest } from '../../../src/shared/payment.ts';
import { SessionProvider } from '../../../src/client/app/session-context.tsx';
import { PaymentPage } from '../../../src/client/views/payment/PaymentPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const text = { ...messages.payment, ...paymentPageMessages };

type Options = { start?: PaymentStart | Error; confirmAnswers?: CardIntent[] };

function mount({ start = { status: statusAnswer(), stripeConfig: LOCAL_TEST }, confirmAnswers = [intent('succeeded')] }: Options = {}) {
  const confirms: LocalCardConfirmRequest[] = [];
  const sentToSession: AnyEventObject[] = [];
  const copies: string[] = [];
  const chart = paymentMachine.provide({
    actors: {
      loadPaymentStart: fromPromise<PaymentStart, void>(async () => {
        if (start instanceof Error) throw start;
        return start;
      }),
      card: paymentCardMachine.provide({
        actors: {
          initiatePayment: fromPromise(async () => CARD_INITIATED),
          confirmTestCard: fromPromise<CardIntent, LocalCardConfirmRequest>(async ({ input }) => {
            confirms.push(input);
            return confirmAnswers.shift() ?? intent('succeeded');
          }),
          confirmStripe: fromPromise(async () => stepAnswer('COMPLETED')),
        },
      }),
      crypto: paymentCryptoMachine.provide({ actors: { loadCryptoRates: fromPromise(async () => ratesAnswer({}, 'indicative')) } }),
      wire: paymentWireMachine.provide({ actors: { loadBankConfig: fromPromise(async () => BANK_CONFIG) } }),
    },
    actions: {
      copyText: ({ self }, params) => {
        copies.push(params.text);
        self.send({ type: 'payment.copy.done', what: params.what });
      },
    },
  });
  const parent = setup({ actors: { chart } }).createMachine({ invoke: { id: 'chart', src: 'chart' } });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.chart as PaymentActorRef;
  const session = createActor(createMachine({ on: { '*': { actions: ({ event }) => void sentToSession.push(event) } } })).start() as unknown as SessionActorRef;
  render(
    <SessionProvider actor={session}>
      <PaymentPage actor={actor} />
    </SessionProvider>,
  );
  return { actor, confirms, sentToSession, copies, stop: () => root.stop() };
}

const typeInto = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(cleanup);

describe('PaymentPage view', () => {
  it('shows the transaction summary, the three methods and the prompt to choose', async () => {
    mount();
    await screen.findByText(text.summaryTitle);
    // Amount and total due before a method (and its fee) is chosen.
    expect(screen.getAllByText('€10,000', { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByText('12,345.678901')).toBeTruthy();
    expect(screen.getByText(text.chooseMethod)).toBeTruthy();
    for (const label of ['Credit Card', 'Cryptocurrency', 'Wire Transfer']) expect(screen.getByRole('radio', { name: new RegExp(label) })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Credit Card/ }));
    expect(screen.getByText('€400', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('€10,400', { selector: 'dd' })).toBeTruthy();
  });

  it('card not offered by the server: crypto and wire only, and the sentence why card is not there', async () => {
    const { actor } = mount({ start: { status: statusAnswer(), stripeConfig: CARD_UNAVAILABLE } });
    await screen.findByText(text.summaryTitle);
    expect(screen.queryByRole('radio', { name: /Credit Card/ })).toBeNull();
    for (const label of ['Cryptocurrency', 'Wire Transfer']) expect(screen.getByRole('radio', { name: new RegExp(label) })).toBeTruthy();
    expect(screen.getByText(text.cardNotOffered)).toBeTruthy();
    expect(screen.getByText(text.chooseMethod)).toBeTruthy();
    // A card choice sent anyway changes nothing: no card form, no card chart.
    act(() => actor.send({ type: 'payment.method.choose', method: 'CARD' }));
    expect(actor.getSnapshot().children.card).toBeUndefined();
    expect(screen.queryByText(text.testMode)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Wire Transfer/ }));
    expect(await screen.findByText(BANK_CONFIG.bankDetails.bankName)).toBeTruthy();
  });

  it('takes a test card: Pay says what is missing, then sends only the test PaymentMethod id and shows the decline, then succeeds', async () => {
    const { confirms } = mount({ confirmAnswers: [intent('requires_payment_method', DECLINED_MESSAGE), intent('succeeded')] });
    await screen.findByText(text.summaryTitle);
    fireEvent.click(screen.getByRole('radio', { name: /Credit Card/ }));
    expect(screen.getByText(text.testMode)).toBeTruthy();
    const pay = screen.getByRole('button', { name: text.pay('€10,400') });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(text.cardIncomplete)).toBeTruthy();
    fireEvent.click(pay);
    expect(await screen.findByText(text.cardIncomplete)).toBeTruthy();
    expect(document.activeElement?.id).toBe('card-number');

    typeInto(/Card number/, '4111111111111111');
    expect(screen.getByText(text.cardNotTestCard)).toBeTruthy();
    typeInto(/Card number/, '4242424242424242');
    expect((screen.getByLabelText(/Card number/) as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    typeInto(/Expiry/, '0120');
    expect(screen.getByText(text.cardExpired)).toBeTruthy();
    typeInto(/Expiry/, '1240');
    typeInto(/CVC/, '123');
    typeInto(/Cardholder name/, 'Ada Lovelace');
    expect(screen.getByRole('button', { name: text.pay('€10,400') }).getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: text.pay('€10,400') }));
    expect(await screen.findByText(DECLINED_MESSAGE)).toBeTruthy();
    expect(confirms).toEqual([{ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc', paymentMethod: 'pm_card_visa' }]);
    fireEvent.click(screen.getByRole('button', { name: text.pay('€10,400') }));
    expect(await screen.findByText(text.cardSucceeded)).toBeTruthy();
    expect(confirms).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Wire Transfer/ }).closest('fieldset')?.disabled).toBe(true);
  });

  it('shows crypto rates flagged indicative, and the amount to send with six decimals and the wallet', async () => {
    mount();
    await screen.findByText(text.summaryTitle);
    fireEvent.click(screen.getByRole('radio', { name: /Cryptocurrency/ }));
    expect(await screen.findByText(text.indicativeRates)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^ETH/ }));
    const details = document.querySelector('.payment-details') as HTMLElement;
    expect(within(details).getByText('4.040000 ETH')).toBeTruthy();
    expect(within(details).getByText(ratesAnswer().wallets.ETH)).toBeTruthy();
  });

  it('shows the wire details, the QR with its display fallback, and the processing time', async () => {
    mount();
    await screen.findByText(text.summaryTitle);
    fireEvent.click(screen.getByRole('radio', { name: /Wire Transfer/ }));
    expect(await screen.findByText(BANK_CONFIG.bankDetails.accountNumber)).toBeTruthy();
    expect(screen.getByText(text.wireProcessingTime)).toBeTruthy();
    expect(screen.getByText(text.qrFallback)).toBeTruthy();
    const qr = screen.getByAltText(text.qrAlt);
    fireEvent.error(qr);
    expect(screen.getByText(text.qrDisplayFailed)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copy / })).toHaveLength(5);
  });

  it("shows 'Payment Successful' for a paid step, copies the reference with its confirmation, and goes on to complete", async () => {
    const { copies } = mount({ start: { status: PAID_BY_CARD, stripeConfig: LOCAL_TEST } });
    expect(await screen.findByText(text.successful)).toBeTruthy();
    expect(screen.getByText('COMPLETED')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.copyLabel(text.transactionReference) }));
    await settle();
    expect(copies).toEqual(['G2G-PAY-0001']);
    expect(screen.getByText(text.copied)).toBeTruthy();
  });

  it('says truthfully that a wire is recorded and awaiting funds', async () => {
    mount({ start: { status: WIRE_AWAITING, stripeConfig: LOCAL_TEST } });
    expect(await screen.findByText(text.recordedAwaitingFunds)).toBeTruthy();
    expect(screen.queryByText(text.successful)).toBeNull();
  });

  it("shows 'Authentication Required' with 'Go to Login' without a session", async () => {
    const { sentToSession } = mount({ start: new ApiError(messages.session.noToken, 401, null) });
    expect(await screen.findByText(text.authRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.goToLogin }));
    expect(sentToSession).toContainEqual({ type: 'session.route.request', path: '/auth/login' });
  });
});
