// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { selectEmailCodeActor } from '../../../../machines/registration/registration.selectors.ts';
import { AUTH_RESPONSE, CHALLENGE, CODE, SETTINGS, VALID_WALLET, machineWithFakes } from '../../../../machines/registration/registration.fixtures.ts';
import { ApiError } from '../../../shared/api-error.ts';
import type { AuthResponse, CodeChallenge } from '../../../shared/auth.ts';
import { messages } from '../../../shared/messages.ts';
import { RegistrationPage } from './RegistrationPage.tsx';

// The PDF viewer (pdf.js, canvas) has its own tests; here it only has to be placed with the right props.
vi.mock('../../ui/document-viewer/index.ts', () => ({
  DocumentViewer: ({ url, title }: { url: string; title?: string }) => (
    <div data-testid="document-viewer" data-url={url}>
      {title}
    </div>
  ),
}));

// Stop every actor too: the code step's resend countdown would keep ticking after the test.
const started: AnyActorRef[] = [];
afterEach(() => {
  cleanup();
  started.splice(0).forEach((actor) => actor.stop());
});

/** A promise the test settles by hand, to look at the page while the registration call is running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderPage(fakes: Parameters<typeof machineWithFakes>[0], settings: typeof SETTINGS | null = null, pending?: unknown) {
  const { machine, sent, verified } = machineWithFakes(fakes);
  const actor = createActor(machine, { input: { settings, pending } }).start();
  started.push(actor);
  render(<RegistrationPage actorRef={actor} />);
  return { actor, sent, verified };
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: messages.registration.next }));

async function fillStepOne() {
  expect(await screen.findByRole('heading', { name: 'Investment Details' })).toBeTruthy();
  type(/Investment amount/, '25000');
  next();
}

function fillStepTwoIndividual() {
  fireEvent.click(screen.getByLabelText(/Individual/));
  type(/Full legal name/, 'Ada Lovelace');
  type(/Date of birth/, '1985-12-10');
  type(/Nationality/, 'British');
  type(/Email address/, 'ada@example.com');
  type(/Ethereum wallet address/, VALID_WALLET);
  next();
}

function fillStepThree() {
  fireEvent.change(screen.getByLabelText(/Primary jurisdiction/), { target: { value: 'uk' } });
  for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
}

describe('RegistrationPage', () => {
  it('walks the three steps, submits the registration and confirms the emailed code', async () => {
    const answer = deferred<CodeChallenge>();
    const verifyAnswer = deferred<AuthResponse>();
    const { actor, sent, verified } = renderPage({ submit: () => answer.promise, verify: () => verifyAnswer.promise });

    expect(screen.getByRole('status').textContent).toContain(messages.loading);

    // Step 1: Next is refused on an empty amount, the error is linked to the input, which gets focus.
    expect(await screen.findByRole('heading', { name: 'Investment Details' })).toBeTruthy();
    const amount = screen.getByLabelText(/Investment amount/) as HTMLInputElement;
    expect(amount.type).toBe('number');
    expect(amount.step).toBe('100');
    expect(amount.min).toBe('10000');
    expect(amount.max).toBe('500000');
    next();
    const error = screen.getByText('Amount must be between €10,000 and €500,000');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(amount);

    type(/Investment amount/, '25000');
    expect((screen.getByLabelText(/Tokens/) as HTMLInputElement).value).toBe('10000.00');
    expect((screen.getByLabelText(/Tokens/) as HTMLInputElement).readOnly).toBe(true);
    const summary = within(screen.getByRole('region', { name: 'Investment summary' }));
    expect(summary.getAllByText('€25,000')).toHaveLength(2); // amount and total
    expect(summary.getByText('10,000 G2G')).toBeTruthy();
    expect(summary.getByText('€2.50')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 3');
    next();

    // Step 2: type-specific fields appear with the type; the wallet format is confirmed live.
    expect(screen.getByRole('heading', { name: 'Investor Information' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Investor Information' }));
    expect(screen.queryByLabelText(/Full legal name/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/Entity/));
    expect(screen.getByLabelText(/Entity name/)).toBeTruthy();
    type(/Ethereum wallet address/, '0x123');
    expect(screen.getByText(messages.registration.walletInvalid)).toBeTruthy();
    expect((screen.getByLabelText(/Ethereum wallet address/) as HTMLInputElement).maxLength).toBe(42);
    type(/Ethereum wallet address/, VALID_WALLET);
    expect(screen.getByText(messages.registration.walletValid)).toBeTruthy();
    fillStepTwoIndividual();

    // Step 3: NDA viewer, jurisdiction, certifications; the button shows 'Submitting...' while busy.
    expect(screen.getByRole('heading', { name: 'Initial Qualification Check' })).toBeTruthy();
    const viewer = screen.getByTestId('document-viewer');
    expect(viewer.getAttribute('data-url')).toBe('/api/assets/nda');
    expect(viewer.textContent).toBe('Non-Disclosure Agreement');
    const options = within(screen.getByLabelText(/Primary jurisdiction/)).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'uk', 'eu', 'us', 'other']);
    expect(options.map((o) => o.textContent)).toContain('United Kingdom');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByLabelText('Legal notice')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
    expect(screen.getByText(messages.registration.fillRequired)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fillStepThree();
    fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
    const busy = screen.getByRole('button', { name: messages.registration.submitting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ investorType: 'individual', fullName: 'Ada Lovelace', investmentAmount: 25_000, tokenQuantity: 10_000 })]);
    expect(sent[0]).not.toHaveProperty('entityName');
    expect(sent[0]).not.toHaveProperty('qualifiedInvestor');

    // Accepted: no account yet, the code step takes the place of the wizard.
    await act(async () => {
      answer.resolve(CHALLENGE);
      await waitFor(actor, (s) => s.matches('confirming'));
    });
    expect(actor.getSnapshot().status).toBe('active');
    expect(screen.getByRole('heading', { name: messages.emailCode.title })).toBeTruthy();
    expect(screen.getByText(messages.emailCode.sentTo(CHALLENGE.sentTo))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Initial Qualification Check' })).toBeNull();
    const code = screen.getByLabelText(messages.emailCode.label) as HTMLInputElement;
    expect(code.id).toBe('reg-code');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: messages.emailCode.verify }));
    expect(screen.getByRole('button', { name: messages.emailCode.verifying })).toBeTruthy();
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: CODE }]);

    await act(async () => {
      verifyAnswer.resolve(AUTH_RESPONSE);
      await waitFor(actor, (s) => s.status === 'done');
    });
    expect(actor.getSnapshot().output).toEqual(AUTH_RESPONSE);
  });

  it("goes back from the code step to the email field of step 2 (focused), everything still filled in", async () => {
    const { actor, sent } = renderPage({});
    await fillStepOne();
    fillStepTwoIndividual();
    fillStepThree();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
      await waitFor(actor, (s) => s.matches('confirming'));
    });
    fireEvent.click(screen.getByRole('button', { name: messages.emailCode.changeEmail }));
    expect(actor.getSnapshot().value).toBe('investor');
    expect(screen.getByRole('heading', { name: 'Investor Information' })).toBeTruthy();
    expect(screen.queryByLabelText(messages.emailCode.label)).toBeNull();
    const email = screen.getByLabelText(/Email address/) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(email);
    fireEvent.click(screen.getByRole('button', { name: messages.registration.next }));
    expect((screen.getByLabelText(/Primary jurisdiction/) as HTMLSelectElement).value).toBe('uk');
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('names a date of birth in the future, or under 18, at the field on step 2 and focuses it', async () => {
    const { actor } = renderPage({});
    await fillStepOne();
    fireEvent.click(screen.getByLabelText(/Individual/));
    type(/Full legal name/, 'Ada Lovelace');
    type(/Date of birth/, `${new Date().getUTCFullYear() + 1}-01-01`);
    next();
    expect(actor.getSnapshot().value).toBe('investor');
    const dateOfBirth = screen.getByLabelText(/Date of birth/);
    expect(dateOfBirth.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(dateOfBirth.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(messages.registration.dateOfBirthFuture);
    expect(document.activeElement).toBe(dateOfBirth);
    // Every other invalid field of the step shows its message too.
    expect(screen.getByLabelText(/Nationality/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).toBe('true');
    type(/Date of birth/, `${new Date().getUTCFullYear() - 10}-01-01`);
    expect(screen.getByText(messages.registration.dateOfBirthUnderAge)).toBeTruthy();
  });

  it("shows the server's refusal of a field next to it, on the step that holds it, focused", async () => {
    const taken = messages.login.invalidEmail;
    const { actor } = renderPage({ submit: async () => Promise.reject(new ApiError(taken, 400, { error: taken, field: 'email' })) });
    await fillStepOne();
    fillStepTwoIndividual();
    fillStepThree();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
      await waitFor(actor, (s) => s.matches('investor'));
    });
    const email = screen.getByLabelText(/Email address/) as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(taken)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(email);
    // A new address answers it.
    type(/Email address/, 'ada.lovelace@example.com');
    expect(screen.queryByText(taken)).toBeNull();
  });

  it('comes back to the code screen with a registration the tab kept, and finishes it with the code', async () => {
    const values = { investmentAmount: '25000', investorType: 'individual', fullName: 'Ada Lovelace', dateOfBirth: '1985-12-10', nationality: 'British', email: 'ada@example.com', walletAddress: VALID_WALLET, primaryJurisdiction: 'uk', qualifiedInvestor: true, riskUnderstanding: true, financialCapacity: true };
    const { actor, sent, verified } = renderPage({}, null, { challenge: CHALLENGE, values });
    const code = await screen.findByLabelText(messages.emailCode.label);
    await act(async () => {
      fireEvent.change(code, { target: { value: CODE } });
      fireEvent.click(screen.getByRole('button', { name: messages.emailCode.verify }));
      await waitFor(actor, (s) => s.status === 'done');
    });
    expect(sent).toEqual([]);
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: CODE }]);
    expect(actor.getSnapshot().output).toEqual(AUTH_RESPONSE);
  });

  it('shows a wrong code in the code step and stays there', async () => {
    const { actor } = renderPage({ verify: async () => Promise.reject(new ApiError(messages.emailCode.wrong, 400, { error: messages.emailCode.wrong })) });
    await fillStepOne();
    fillStepTwoIndividual();
    fillStepThree();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
      await waitFor(actor, (s) => s.matches('confirming'));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(messages.emailCode.label), { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: messages.emailCode.verify }));
      await waitFor(selectEmailCodeActor(actor.getSnapshot())!, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    });
    expect(screen.getByRole('alert').textContent).toBe(messages.emailCode.wrong);
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('returns to the amount with the server limits after a rejection', async () => {
    const limits = { tokenPrice: 5, minInvestment: 30_000, maxInvestment: 100_000 };
    const { actor } = renderPage({
      submit: async () => Promise.reject(new ApiError(messages.registration.limitsRejected, 422, { error: messages.registration.limitsRejected, limits })),
    });
    await fillStepOne();
    fillStepTwoIndividual();
    fillStepThree();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.registration.complete }));
      await waitFor(actor, (s) => s.matches('investment'));
    });
    expect(screen.getByRole('heading', { name: 'Investment Details' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.registration.limitsRejected);
    expect(screen.getByText('Amount must be at least €30,000')).toBeTruthy();
    expect((screen.getByLabelText(/Tokens/) as HTMLInputElement).value).toBe('5000.00');
  });

  it('shows a settings failure with a retry', async () => {
    const { actor } = renderPage({ settings: new ApiError(messages.general.network, 0, null) });
    expect(await screen.findByText(messages.settings.loadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    expect(screen.getByRole('status').textContent).toContain(messages.loading);
  });

  it('starts on the amount at once when the settings are given', () => {
    renderPage({}, SETTINGS);
    expect(screen.getByRole('heading', { name: 'Investment Details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.registration.previous })).toBeNull();
  });
});
