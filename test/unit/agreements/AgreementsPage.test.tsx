// @vitest-environment happy-dom
/**
 * The agreements page's views on a real agreements chart with real agreement children (effects faked): the accordion
 * of seven with the first open, the spec's words for Complete Agreement without boxes, the live wallet message and
 * 'Valid Ethereum address', the Proceed label until everything is done (pressable, saying what is missing), and the
 * review banner with 'RETURN TO CURRENT STEP'. The pad is lazy (its placeholder stands in); the viewer is replaced by a frame.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyEventObject } from 'xstate';
import { REGISTERED_WALLET, SIGNED_AT, progressAnswer } from '../../../machines/agreement/agreement.fixtures.ts';
import { agreementMachine } from '../../../machines/agreement/agreement.machine.ts';
import type { SaveAgreementInput, SaveAgreementOutput } from '../../../machines/agreement/agreement.types.ts';
import { agreementsMachine, type AgreementsActorRef } from '../../../machines/agreements/agreements.machine.ts';
import type { SessionActorRef } from '../../../machines/session/session.machine.ts';
import { signaturePadMachine } from '../../../machines/signature-pad/signature-pad.machine.ts';
import { AGREEMENT_KEYS, type LegalProgressResponse } from '../../../src/shared/legal.ts';
import { messages } from '../../../src/shared/messages.ts';
import { SessionProvider } from '../../../src/client/app/session-context.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
vi.mock('../../../src/client/ui/signature-pad/signature-font.ts', () => ({ SIGNATURE_FONT_FACES: [] }));
// The viewer (pdf.js, the PDF's bytes over the network) is its own component's to test: a named frame stands in, and
// the page's early start of pdf.js's worker does nothing.
vi.mock('../../../src/client/ui/document-viewer/index.ts', () => ({
  DocumentViewer: ({ title }: { title?: string }) => <section aria-label={title} />,
  prewarmPdfViewer: () => {},
}));
const { AgreementsPage } = await import('../../../src/client/views/agreements/AgreementsPage.tsx');

const text = messages.agreementsPage;

function mount(answer: LegalProgressResponse) {
  const sent: AnyEventObject[] = [];
  const chart = agreementsMachine.provide({
    actors: {
      loadLegalProgress: fromPromise<LegalProgressResponse, void>(async () => answer),
      saveAgreements: fromPromise(async () => answer),
      completeLegal: fromPromise(() => new Promise(() => {})),
      agreement: agreementMachine.provide({
        actors: {
          saveAgreement: fromPromise<SaveAgreementOutput, SaveAgreementInput>(() => new Promise(() => {})),
                saveDraft: fromPromise<SaveAgreementOutput, SaveAgreementInput>(() => new Promise(() => {})),
          signaturePad: signaturePadMachine.provide({ actors: { renderSignaturePng: fromPromise(() => new Promise<string>(() => {})) } }),
        },
      }),
    },
  });
  const parent = setup({ actors: { chart } }).createMachine({
    invoke: { id: 'chart', src: 'chart' },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || sent.push(event)) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.chart as AgreementsActorRef;
  const session = createActor(createMachine({ context: { token: 'token' } })).start() as unknown as SessionActorRef;
  render(
    <SessionProvider actor={session}>
      <AgreementsPage actor={actor} />
    </SessionProvider>,
  );
  return { actor, sent };
}

afterEach(cleanup);

describe('AgreementsPage view', () => {
  it('shows the seven agreements with the first open, and the spec words for what is missing', async () => {
    mount(progressAnswer([]));
    await screen.findByText(text.signedCount(0, 7));
    expect(document.querySelectorAll('[data-agreement]')).toHaveLength(AGREEMENT_KEYS.length);
    expect(screen.getByRole('button', { name: /Agreement ppm/ }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: text.completeAgreement }));
    await screen.findByText(messages.legal.checkboxesRequired);
    const proceed = screen.getByRole('button', { name: text.proceedDisabled });
    expect(proceed.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(proceed);
    await screen.findByText(messages.legal.completeAllRequired);
  });

  it('checks the wallet as it is typed, and counts it in the progress', async () => {
    mount(progressAnswer([...AGREEMENT_KEYS]));
    const wallet = (await screen.findByLabelText(new RegExp(text.walletLabel))) as HTMLInputElement;
    expect(wallet.value).toBe(REGISTERED_WALLET);
    expect(screen.getByText(text.walletValid)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => void fireEvent.change(wallet, { target: { value: '0x12' } }));
    await screen.findByText(messages.legal.walletInvalid);
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.round((7 / 8) * 100)));
    act(() => void fireEvent.change(wallet, { target: { value: REGISTERED_WALLET } }));
    await waitFor(() => expect(screen.getByRole('button', { name: text.proceed }).getAttribute('aria-disabled')).toBeNull());
  });

  it('shows a completed step read-only, with the way back to the current step', async () => {
    const { sent } = mount({ ...progressAnswer([...AGREEMENT_KEYS]), status: 'COMPLETED', completedAt: SIGNED_AT });
    await screen.findByText(text.reviewTitle);
    expect(screen.queryByLabelText(new RegExp(text.walletLabel))).toBeNull();
    expect(screen.queryByRole('button', { name: text.proceed })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Agreement terms/ }));
    expect(screen.queryByRole('button', { name: text.completeAgreement })).toBeNull();
    for (const box of document.querySelectorAll<HTMLInputElement>('[data-agreement="terms"] input[required]')) expect([box.checked, box.disabled]).toEqual([true, true]);
    fireEvent.click(screen.getByRole('button', { name: text.returnToCurrentStep }));
    expect(sent).toContainEqual({ type: 'process.route.request', path: '/' });
  });
});
