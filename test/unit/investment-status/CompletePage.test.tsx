// @vitest-environment happy-dom
/**
 * The complete page grown into the investment's status page (issue 28), rendered from its chart with a fake status
 * call: the spec's congratulations, what happens next and the signed documents' link stay; the status in words, the
 * bank details again with what is still due, a hold's explanation, a refund, the tokens with the explorer link; the
 * page's links ask the process for another page; a failed load offers Try again.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyEventObject } from 'xstate';
import { investmentStatusMachine, type InvestmentStatusActorRef } from '../../../machines/investment-status/investment-status.machine.ts';
import type { SessionActorRef } from '../../../machines/session/session.machine.ts';
import { SessionProvider } from '../../../src/client/app/session-context.tsx';
import { provideDownload } from '../../../src/client/effects/download-effects.ts';
import { DownloadProvider } from '../../../src/client/ui/download-button/download-context.tsx';
import { CompletePage } from '../../../src/client/views/complete/CompletePage.tsx';
import { ApiError } from '../../../src/shared/api-error.ts';
import type { InvestmentStatusResponse } from '../../../src/shared/investment-status.ts';
import { messages } from '../../../src/shared/messages.ts';
import { investmentStatusWords as words } from '../../../src/shared/messages/investment-status-page.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

const base: InvestmentStatusResponse = {
  version: 7,
  headline: 'We are waiting for your payment to arrive.',
  review: { standing: 'underReview', resubmission: null },
  payment: {
    paymentId: 'p1',
    method: 'WIRE',
    stage: 'awaitingFunds',
    totalCents: 2_000_000,
    receivedCents: 0,
    stillDueCents: 2_000_000,
    reference: 'G2G-INV-ABC123',
    hold: null,
    paidAt: null,
    transfer: {
      bankName: 'Zuger Kantonalbank',
      accountName: 'G2G Token Foundation',
      accountNumber: 'CH93 0076 2011 6238 5295 7',
      swiftBic: 'KBZGCH22',
      reference: 'G2G-INV-ABC123',
      amountCents: 2_000_000,
      qrImage: 'data:image/png;base64,iVBORw0KGgo=',
    },
  },
  refunds: [],
  tokens: null,
  next: { redoSteps: false, payAgain: false },
  timeline: [
    { at: '2026-11-20T09:00:00.000Z', by: 'you', words: 'You signed the seven agreements.' },
    { at: '2026-11-20T09:05:00.000Z', by: 'you', words: 'You told us your bank transfer was sent.' },
  ],
};

function mount(answer: InvestmentStatusResponse | Error) {
  const asked: AnyEventObject[] = [];
  const chart = investmentStatusMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => {
        if (answer instanceof Error) throw answer;
        return { status: answer, checkedAt: '2026-11-28T12:00:00.000Z' };
      }),
    },
  });
  const parent = setup({ actors: { chart } }).createMachine({
    invoke: { id: 'chart', src: 'chart' },
    on: { '*': { actions: ({ event }) => void asked.push(event) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.chart as InvestmentStatusActorRef;
  const session = createActor(createMachine({})).start() as unknown as SessionActorRef;
  render(
    <SessionProvider actor={session}>
      <DownloadProvider machine={provideDownload(() => 'token')}>
        <CompletePage actor={actor} />
      </DownloadProvider>
    </SessionProvider>,
  );
  return { asked, actor };
}

const euros = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('the investment status page', () => {
  it('keeps the spec’s complete page and says where the wire stands, with the bank details again', async () => {
    const { asked } = mount(base);
    expect(await screen.findByText(base.headline)).toBeTruthy();
    expect(screen.getByText(messages.completePage.congratulations)).toBeTruthy();
    for (const item of messages.completePage.next) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText(words.stage.awaitingFunds)).toBeTruthy();
    expect(screen.getByText(words.transferHeading(euros(2_000_000)))).toBeTruthy();
    expect(screen.getByText('CH93 0076 2011 6238 5295 7')).toBeTruthy();
    expect(screen.getByRole('img', { name: words.qrAlt })).toBeTruthy();
    expect(screen.getByText('You told us your bank transfer was sent.')).toBeTruthy();
    expect(screen.getByText(words.tokensWaiting)).toBeTruthy();
    const link = screen.getByRole('link', { name: messages.completePage.downloadsLink });
    expect(link.getAttribute('href')).toBe('/process/downloads');
    fireEvent.click(link);
    expect(asked).toContainEqual({ type: 'process.route.request', path: '/process/downloads' });
  });

  it('after part of a wire: what is still due, the hold in words, the details for the rest', async () => {
    mount({
      ...base,
      headline: `We received part of your payment: ${euros(500_000)} is still due.`,
      payment: { ...base.payment!, stage: 'onHold', hold: 'underpaid', receivedCents: 1_500_000, stillDueCents: 500_000, transfer: { ...base.payment!.transfer!, amountCents: 500_000 } },
    });
    expect(await screen.findByText(words.hold.underpaid(euros(500_000)))).toBeTruthy();
    expect(screen.getByText(words.transferHeading(euros(500_000)))).toBeTruthy();
    expect(screen.getByText(euros(1_500_000))).toBeTruthy();
  });

  it('tokens issued: the quantity, the wallet, the transaction linked to the explorer', async () => {
    mount({
      ...base,
      headline: 'Your tokens were issued to your wallet.',
      review: { standing: 'approved', resubmission: null },
      payment: { ...base.payment!, stage: 'paid', receivedCents: 2_000_000, stillDueCents: 0, paidAt: '2026-11-21T10:00:00.000Z', transfer: null },
      tokens: { quantity: 2000, wallet: '0x52908400098527886E0F7030069857D2E4169EE7', transactionHash: `0x${'ab'.repeat(32)}`, explorerUrl: `https://etherscan.io/tx/0x${'ab'.repeat(32)}`, issuedAt: '2026-11-22T10:00:00.000Z' },
    });
    expect(await screen.findByText(`0x${'ab'.repeat(32)}`)).toBeTruthy();
    const explorer = screen.getByRole('link', { name: words.viewOnExplorer });
    expect(explorer.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ab'.repeat(32)}`);
    expect(explorer.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('img', { name: words.qrAlt })).toBeNull();
  });

  it('a rejection paid back: no congratulations, the refund, no tokens to come', async () => {
    mount({
      ...base,
      headline: 'Your identity verification was not approved; your payment was returned to you.',
      review: { standing: 'rejected', resubmission: null },
      payment: null,
      refunds: [{ paymentId: 'p1', method: 'CARD', amountCents: 2_060_000, at: '2026-11-23T10:00:00.000Z' }],
    });
    expect(await screen.findByText(words.tokensNone)).toBeTruthy();
    expect(screen.queryByText(messages.completePage.congratulations)).toBeNull();
    expect(screen.queryByText(messages.completePage.nextHeading)).toBeNull();
    expect(screen.queryByText(words.noPayment)).toBeNull();
    expect(screen.getByText(words.tokensNone)).toBeTruthy();
    expect(screen.getByText((text) => text.startsWith(`${euros(2_060_000)} returned by card on`))).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.payAgain })).toBeNull();
  });

  it('paid back while the investment may go on: Pay again leads to the payment page', async () => {
    const { asked } = mount({
      ...base,
      headline: 'Your payment was returned to you; you may pay again.',
      review: { standing: 'approved', resubmission: null },
      payment: null,
      refunds: [{ paymentId: 'p1', method: 'WIRE', amountCents: 2_000_000, at: '2026-11-23T10:00:00.000Z' }],
      next: { redoSteps: false, payAgain: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: words.payAgain }));
    expect(asked).toContainEqual({ type: 'process.route.request', path: '/process/payment' });
    expect(screen.getByText(words.tokensWaiting)).toBeTruthy();
  });

  it('steps asked for again: which, the reviewer’s message, and the way back to them', async () => {
    const { asked } = mount({
      ...base,
      review: { standing: 'resubmissionRequested', resubmission: { steps: ['identity', 'address'], message: 'The passport photo is blurred.' } },
      next: { redoSteps: true, payAgain: false },
    });
    expect(await screen.findByText('The passport photo is blurred.')).toBeTruthy();
    expect(screen.getByText(/Identity document, Proof of address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: words.redoSteps }));
    expect(asked).toContainEqual({ type: 'process.route.request', path: '/process/kyc' });
  });

  it('a failed load says so and tries again', async () => {
    const { actor } = mount(new ApiError(messages.general.network, 0, null));
    const notice = await screen.findByText(words.loadFailed);
    expect(notice).toBeTruthy();
    await act(async () => fireEvent.click(within(notice.closest('div')!.parentElement!).getByRole('button', { name: words.tryAgain })));
    expect(actor.getSnapshot().matches('failed') || actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});
