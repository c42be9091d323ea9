// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { emailCodeMachine } from '../../../../machines/email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../../../../machines/email-code/email-code.types.ts';
import { ApiError } from '../../../shared/api-error.ts';
import type { AuthResponse, CodeChallenge } from '../../../shared/auth.ts';
import { messages } from '../../../shared/messages.ts';
import { EmailCodeForm } from './EmailCodeForm.tsx';

const CHALLENGE: CodeChallenge = { challengeId: '0b6f3c52-8d1e-4f7a-b2c9-5e4d3a2f1b10', sentTo: 'a***@example.com' };
const REISSUED: CodeChallenge = { challengeId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', sentTo: 'a***@example.com' };
const AUTH: AuthResponse = {
  token: 'header.payload.signature',
  user: { userId: 'u-1', userDetailsId: 'd-1', email: 'ada@example.com', investmentAmount: 25_000 },
};

/** Effects the test settles by hand, to look at the form while a call is running. */
function pending<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const start = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, start };
}

function renderForm() {
  const verify = pending<AuthResponse>();
  const resend = pending<CodeChallenge>();
  const verified: VerifyCodeInput[] = [];
  const actor = createActor(
    emailCodeMachine.provide({
      actors: {
        verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(({ input }) => {
          verified.push(input);
          return verify.start();
        }),
        resendCode: fromPromise<CodeChallenge, ResendCodeInput>(() => resend.start()),
      },
    }),
    { input: CHALLENGE },
  ).start();
  render(<EmailCodeForm actor={actor} idPrefix="login" />);
  const field = screen.getByLabelText(messages.emailCode.label) as HTMLInputElement;
  return { actor, verify, resend, verified, field };
}

/**
 * Enter in a text field submits its form through the form's default button unless that button is disabled
 * (HTML implicit submission). happy-dom does not implement it, so this does what the browser does.
 */
function pressEnter(field: HTMLInputElement) {
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
  const form = field.form;
  if (!form) throw new Error('the field is not in a form: Enter would not submit');
  const defaultButton = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (defaultButton && !defaultButton.disabled) act(() => form.requestSubmit(defaultButton));
}

const verifyButton = () => screen.getByRole('button', { name: /^Verif/ }) as HTMLButtonElement;
const resendButton = () => screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;
const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });

let actors: { stop: () => void }[] = [];
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  actors.forEach((a) => a.stop());
  actors = [];
  vi.useRealTimers();
});
const tracked = (r: ReturnType<typeof renderForm>) => (actors.push(r.actor), r);

describe('EmailCodeForm', () => {
  it('says where the code went and focuses a numeric one-time-code field', () => {
    const { field } = tracked(renderForm());
    expect(screen.getByRole('heading', { name: messages.emailCode.title })).toBeTruthy();
    expect(screen.getByText(messages.emailCode.sentTo(CHALLENGE.sentTo))).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(field.id).toBe('login-code');
    expect(field.inputMode).toBe('numeric');
    expect(field.autocomplete).toBe('one-time-code');
    expect(field.maxLength).toBe(6);
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps digits only and offers Verify Code once six are typed; Enter submits, showing Verifying...', async () => {
    const { actor, verify, verified, field } = tracked(renderForm());
    type(field, '12a 3');
    expect(field.value).toBe('123');
    expect(verifyButton().textContent).toBe(messages.emailCode.verify);
    expect(verifyButton().disabled).toBe(true);
    pressEnter(field);
    expect(verified).toEqual([]);

    type(field, '123456');
    expect(field.value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
    pressEnter(field);
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: '123456' }]);
    expect(verifyButton().textContent).toBe(messages.emailCode.verifying);
    expect(verifyButton().disabled).toBe(true);
    expect(field.readOnly).toBe(true); // read-only, not disabled: the field keeps focus while the code is checked

    await act(async () => {
      verify.calls[0]!.resolve(AUTH);
      await toPromise(actor);
    });
    expect(actor.getSnapshot().output).toEqual({ auth: AUTH });
  });

  it('shows a refused code as an alert the field points to, and clears it on typing', async () => {
    const { actor, verify, field } = tracked(renderForm());
    type(field, '000000');
    fireEvent.click(verifyButton());
    await act(async () => {
      verify.calls[0]!.reject(new ApiError(messages.emailCode.wrong, 400, { error: messages.emailCode.wrong }));
      await waitFor(actor, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(messages.emailCode.wrong);
    expect(alert.id).toBe('login-code-error');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.disabled).toBe(false);
    expect(verifyButton().textContent).toBe(messages.emailCode.verify);

    type(field, '12345');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('locks the field and Verify Code when the code has expired', async () => {
    const { actor, verify, field } = tracked(renderForm());
    type(field, '123456');
    fireEvent.click(verifyButton());
    await act(async () => {
      verify.calls[0]!.reject(new ApiError(messages.emailCode.expired, 410, { error: messages.emailCode.expired }));
      await waitFor(actor, (s) => s.matches({ active: { entry: 'expired' } }));
    });
    expect(screen.getByRole('alert').textContent).toBe(messages.emailCode.expired);
    expect(field.disabled).toBe(true);
    expect(verifyButton().disabled).toBe(true);
  });

  it("counts 'Resend code in N s' down to 'Resend code', resends, confirms and counts again", async () => {
    const { actor, resend, field } = tracked(renderForm());
    type(field, '12');
    expect(resendButton().textContent).toBe(messages.emailCode.resendIn(60));
    expect(resendButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(resendButton().textContent).toBe('Resend code in 59 s');
    act(() => vi.advanceTimersByTime(58_000));
    expect(resendButton().textContent).toBe('Resend code in 1 s');
    expect(resendButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(resendButton().textContent).toBe(messages.emailCode.resend);
    expect(resendButton().disabled).toBe(false);

    fireEvent.click(resendButton());
    expect(resend.calls).toHaveLength(1);
    expect(resendButton().textContent).toBe(messages.emailCode.resend);
    expect(resendButton().disabled).toBe(true);

    await act(async () => {
      resend.calls[0]!.resolve(REISSUED);
      await waitFor(actor, (s) => s.matches({ active: { resend: 'coolingDown' } }));
    });
    const info = screen.getByRole('status');
    expect(info.textContent).toBe(messages.emailCode.resent);
    expect(field.getAttribute('aria-describedby')).toBe(info.id);
    expect(field.value).toBe('');
    expect(resendButton().textContent).toBe(messages.emailCode.resendIn(60));
    expect(resendButton().disabled).toBe(true);
  });

  it('shows a failed resend as an alert and offers resend again', async () => {
    const { actor, resend, field } = tracked(renderForm());
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(resendButton());
    await act(async () => {
      resend.calls[0]!.reject(new ApiError(messages.emailCode.resendThrottled, 429, { error: messages.emailCode.resendThrottled }));
      await waitFor(actor, (s) => s.matches({ active: { resend: 'ready' } }));
    });
    expect(screen.getByRole('alert').textContent).toBe(messages.emailCode.resendThrottled);
    expect(field.getAttribute('aria-describedby')).toBe('login-code-error');
    expect(resendButton().disabled).toBe(false);
  });

  it("goes back with 'Use a different email address'", async () => {
    const { actor } = tracked(renderForm());
    fireEvent.click(screen.getByRole('button', { name: messages.emailCode.changeEmail }));
    expect(await toPromise(actor)).toEqual({ auth: null });
  });
});
