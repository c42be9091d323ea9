import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor, type AnyActorRef } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import {
  AUTH_RESPONSE,
  CHALLENGE,
  CODE,
  SETTINGS,
  VALID_WALLET,
  enterCode,
  fillEntity,
  fillIndividual,
  fillInvestment,
  fillQualification,
  machineWithFakes,
} from './registration.fixtures.ts';
import {
  selectCanGoNext,
  selectEmailCodeActor,
  selectFieldErrors,
  selectPhase,
  selectStep,
  selectSummary,
  selectTokens,
  selectTokensInput,
  selectWalletStatus,
} from './registration.selectors.ts';
import { classifySubmitError } from './registration.submit-error.ts';
import type { RegistrationEvent } from './registration.types.ts';

const sendAll = (actor: AnyActorRef, events: RegistrationEvent[]) => events.forEach((e) => actor.send(e));

function started(fakes: Parameters<typeof machineWithFakes>[0] = {}, settings: typeof SETTINGS | null = SETTINGS) {
  const { machine, sent, verified } = machineWithFakes(fakes);
  const actor = createActor(machine, { input: { settings } });
  actor.start();
  return { actor, sent, verified };
}

/** An actor on step 3 with every field valid, ready to submit. */
function readyToSubmit(fakes: Parameters<typeof machineWithFakes>[0] = {}, investor = fillIndividual) {
  const r = started(fakes);
  sendAll(r.actor, fillInvestment);
  r.actor.send({ type: 'registration.next' });
  sendAll(r.actor, investor);
  r.actor.send({ type: 'registration.next' });
  sendAll(r.actor, fillQualification);
  expect(r.actor.getSnapshot().value).toBe('qualification');
  return r;
}

describe('settings', () => {
  it('skips the fetch when the input settings are valid', () => {
    const { actor } = started({ settings: new Error('must not be fetched') });
    expect(actor.getSnapshot().value).toBe('investment');
    expect(actor.getSnapshot().context.settings).toEqual(SETTINGS);
  });

  it('fetches and checks the settings when none are given', async () => {
    const { actor } = started({ settings: { tokenPrice: '2', minInvestment: 100, maxInvestment: 1000 } }, null);
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => s.matches('investment'));
    expect(actor.getSnapshot().context.settings).toEqual({ tokenPrice: 2, minInvestment: 100, maxInvestment: 1000 });
  });

  it.each([
    [{ tokenPrice: 1, minInvestment: 500, maxInvestment: 500 }, messages.settings.invalid],
    [{ tokenPrice: 0, minInvestment: 100, maxInvestment: 500 }, messages.settings.invalid],
    [{ tokenPrice: 1, minInvestment: 100 }, messages.settings.incomplete],
    [new ApiError('HTTP 503', 503, null), messages.settings.loadFailed],
  ])('refuses %j with its message and can retry', async (answer, message) => {
    const { actor } = started({ settings: answer }, null);
    await waitFor(actor, (s) => s.matches('settingsError'));
    expect(actor.getSnapshot().context.settingsError).toBe(message);
    actor.send({ type: 'registration.settings.retry' });
    expect(actor.getSnapshot().value).toBe('loadingSettings');
  });

  it('fetches when the input settings are unusable', async () => {
    const { actor } = started({}, { tokenPrice: 1, minInvestment: 900, maxInvestment: 100 });
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    await waitFor(actor, (s) => s.matches('investment'));
  });
});

describe('step 1: amount and tokens', () => {
  it('refuses Next with an empty amount and reveals the en-GB formatted range message', () => {
    const { actor } = started();
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    expect(selectCanGoNext(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'registration.next' });
    expect(actor.getSnapshot().value).toBe('investment');
    expect(selectFieldErrors(actor.getSnapshot()).investmentAmount).toBe('Amount must be between €10,000 and €500,000');
  });

  it('shows the amount error live, against the limits', () => {
    const { actor } = started();
    const amount = (value: string) => actor.send({ type: 'registration.field.change', field: 'investmentAmount', value });
    amount('9900');
    expect(selectFieldErrors(actor.getSnapshot()).investmentAmount).toBe('Amount must be at least €10,000');
    amount('500100');
    expect(selectFieldErrors(actor.getSnapshot()).investmentAmount).toBe('Amount cannot exceed €500,000');
    amount('12345.675');
    expect(selectFieldErrors(actor.getSnapshot()).investmentAmount).toBe('Please enter the amount in euros and cents (at most 2 decimals).');
    amount('12345');
    expect(selectFieldErrors(actor.getSnapshot()).investmentAmount).toBeUndefined();
    expect(selectTokens(actor.getSnapshot())).toBe(4938);
    expect(selectTokensInput(actor.getSnapshot())).toBe('4938.00');
  });

  it('summarises amount, tokens (up to 6 decimals), price (2 decimals) and total', () => {
    const { actor } = started();
    actor.send({ type: 'registration.field.change', field: 'investmentAmount', value: '10001' });
    expect(selectSummary(actor.getSnapshot())).toEqual({ amount: '€10,001', tokens: '4,000.4 G2G', tokenPrice: '€2.50', total: '€10,001' });
    expect(selectTokensInput(actor.getSnapshot())).toBe('4000.40');
  });
});

describe('step 2: investor', () => {
  const onStep2 = () => {
    const r = started();
    sendAll(r.actor, fillInvestment);
    r.actor.send({ type: 'registration.next' });
    expect(selectStep(r.actor.getSnapshot())).toBe(2);
    return r;
  };

  it('requires an investor type, then the fields of that type', () => {
    const { actor } = onStep2();
    actor.send({ type: 'registration.next' });
    expect(Object.keys(selectFieldErrors(actor.getSnapshot()))).toEqual(['investorType', 'email', 'walletAddress']);
    actor.send({ type: 'registration.field.change', field: 'investorType', value: 'entity' });
    actor.send({ type: 'registration.next' });
    expect(Object.keys(selectFieldErrors(actor.getSnapshot()))).toEqual(['entityName', 'jurisdiction', 'authorizedSignatory', 'email', 'walletAddress']);
    expect(selectFieldErrors(actor.getSnapshot()).walletAddress).toBe(messages.registration.walletInvalid);
  });

  it('trims the wallet, caps it at 42 characters and reports its format live', () => {
    const { actor } = onStep2();
    const wallet = (value: string) => actor.send({ type: 'registration.field.change', field: 'walletAddress', value });
    expect(selectWalletStatus(actor.getSnapshot())).toBe('empty');
    wallet('0x12');
    expect(selectWalletStatus(actor.getSnapshot())).toBe('invalid');
    expect(selectFieldErrors(actor.getSnapshot()).walletAddress).toBe(messages.registration.walletInvalid);
    wallet(`  ${VALID_WALLET}ff  `);
    expect(actor.getSnapshot().context.values.walletAddress).toBe(VALID_WALLET);
    expect(selectWalletStatus(actor.getSnapshot())).toBe('valid');
    expect(selectFieldErrors(actor.getSnapshot()).walletAddress).toBeUndefined();
  });

  it('shows a text field error only after the field is left', () => {
    const { actor } = onStep2();
    actor.send({ type: 'registration.field.change', field: 'email', value: 'not-an-email' });
    expect(selectFieldErrors(actor.getSnapshot()).email).toBeUndefined();
    actor.send({ type: 'registration.field.blur', field: 'email' });
    expect(selectFieldErrors(actor.getSnapshot()).email).toBe(messages.login.invalidEmail);
  });

  it('rejects an impossible date of birth', () => {
    const { actor } = onStep2();
    sendAll(actor, fillIndividual);
    actor.send({ type: 'registration.field.change', field: 'dateOfBirth', value: '1985-02-30' });
    expect(selectCanGoNext(actor.getSnapshot())).toBe(false);
  });

  it('ignores a change whose value does not fit the field', () => {
    const { actor } = onStep2();
    const before = actor.getSnapshot().context.values;
    actor.send({ type: 'registration.field.change', field: 'investorType', value: 'trust' } as unknown as RegistrationEvent);
    actor.send({ type: 'registration.field.change', field: 'qualifiedInvestor', value: 'yes' } as unknown as RegistrationEvent);
    actor.send({ type: 'registration.field.change', field: 'isAdmin', value: 'true' } as unknown as RegistrationEvent);
    expect(actor.getSnapshot().context.values).toBe(before);
  });

  it('goes back to step 1 with Previous, keeping the values', () => {
    const { actor } = onStep2();
    actor.send({ type: 'registration.previous' });
    expect(selectStep(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().context.values.investmentAmount).toBe('25000');
  });
});

describe('step 3 and the payload', () => {
  it('refuses to submit without every certification', () => {
    const { actor, sent } = readyToSubmit();
    actor.send({ type: 'registration.field.change', field: 'riskUnderstanding', value: false });
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().value).toBe('qualification');
    expect(actor.getSnapshot().context.submitError).toBe(messages.registration.fillRequired);
    expect(selectFieldErrors(actor.getSnapshot()).riskUnderstanding).toBeDefined();
    expect(sent).toEqual([]);
  });

  it('refuses to submit when an earlier step became invalid', () => {
    const { actor, sent } = readyToSubmit();
    actor.send({ type: 'registration.field.change', field: 'email', value: '' });
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().context.submitError).toBe(messages.registration.fillRequired);
    expect(sent).toEqual([]);
  });

  it('sends only the individual fields, trimmed and normalised, without the certifications', async () => {
    const { actor, sent } = readyToSubmit();
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(sent).toEqual([
      {
        email: 'ada@example.com',
        investmentAmount: 25_000,
        tokenQuantity: 10_000,
        walletAddress: VALID_WALLET,
        primaryJurisdiction: 'uk',
        investorType: 'individual',
        fullName: 'Ada Lovelace',
        dateOfBirth: '1985-12-10',
        nationality: 'British',
      },
    ]);
  });

  it('sends only the entity fields even when individual fields were typed first', async () => {
    const { actor, sent } = readyToSubmit({}, [...fillIndividual, ...fillEntity]);
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(
      ['authorizedSignatory', 'email', 'entityName', 'investmentAmount', 'investorType', 'jurisdiction', 'primaryJurisdiction', 'tokenQuantity', 'walletAddress'].sort(),
    );
  });

});

describe('the email code step (the account exists only once the code is confirmed)', () => {
  /** Submits a valid registration and waits for the code step. */
  async function confirming(fakes: Parameters<typeof machineWithFakes>[0] = {}) {
    const r = readyToSubmit(fakes);
    r.actor.send({ type: 'registration.submit' });
    await waitFor(r.actor, (s) => s.matches('confirming'));
    return r;
  }

  it('hands the accepted submit’s challenge to the code step, still on step 3, without an output', async () => {
    const { actor } = await confirming();
    const s = actor.getSnapshot();
    expect(s.status).toBe('active');
    expect(s.context.challenge).toEqual(CHALLENGE);
    expect(selectPhase(s)).toBe('confirming');
    expect(selectStep(s)).toBe(3);
    const step = selectEmailCodeActor(s);
    expect(step?.getSnapshot().context).toMatchObject({ challengeId: CHALLENGE.challengeId, sentTo: CHALLENGE.sentTo, code: '' });
  });

  it('has no code step before the submit is accepted', () => {
    const { actor } = readyToSubmit({ submit: () => new Promise(() => {}) });
    expect(selectEmailCodeActor(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(selectEmailCodeActor(actor.getSnapshot())).toBeUndefined();
  });

  it('ends in done with the AuthResponse once the code is confirmed', async () => {
    const { actor, verified } = await confirming();
    enterCode(actor);
    expect(await toPromise(actor)).toEqual(AUTH_RESPONSE);
    expect(verified).toEqual([{ challengeId: CHALLENGE.challengeId, code: CODE }]);
    expect(selectPhase(actor.getSnapshot())).toBe('done');
  });

  it('outputs returned settings only when they are valid', async () => {
    const updated = { tokenPrice: 3, minInvestment: 5_000, maxInvestment: 900_000 };
    const a = await confirming({ verify: async () => ({ ...AUTH_RESPONSE, settings: updated }) });
    enterCode(a.actor);
    expect(await toPromise(a.actor)).toEqual({ ...AUTH_RESPONSE, settings: updated });

    const b = await confirming({ verify: async () => ({ ...AUTH_RESPONSE, settings: { tokenPrice: -1, minInvestment: 1, maxInvestment: 2 } }) });
    enterCode(b.actor);
    expect(await toPromise(b.actor)).toEqual(AUTH_RESPONSE);
  });

  it('stays in confirming after a wrong code, showing the server words in the code step', async () => {
    const wrong = new ApiError(messages.emailCode.wrong, 400, { error: messages.emailCode.wrong });
    const { actor } = await confirming({ verify: async () => Promise.reject(wrong) });
    enterCode(actor, '000000');
    const step = selectEmailCodeActor(actor.getSnapshot())!;
    await waitFor(step, (s) => s.matches({ active: { entry: 'codeRejected' } }));
    expect(step.getSnapshot().context.error).toBe(messages.emailCode.wrong);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it("'Use a different email address' goes back to the email field of step 2 with the values kept, and can submit again", async () => {
    const { actor, sent } = await confirming();
    selectEmailCodeActor(actor.getSnapshot())!.send({ type: 'emailCode.back' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('investor');
    expect(s.status).toBe('active');
    expect(s.context.challenge).toBeNull();
    expect(s.context.focus?.field).toBe('email');
    expect(s.context.values.fullName).toBe('  Ada Lovelace ');
    expect(s.context.values.qualifiedInvestor).toBe(true);
    expect(selectPhase(s)).toBe('form');
    expect(selectEmailCodeActor(s)).toBeUndefined();
    actor.send({ type: 'registration.field.change', field: 'email', value: 'ada.lovelace@example.com' });
    actor.send({ type: 'registration.next' });
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (x) => x.matches('confirming'));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.email).toBe('ada.lovelace@example.com');
  });
});

describe('submit failures (spec section 8)', () => {
  const failWith = async (error: unknown) => {
    const r = readyToSubmit({ submit: async () => Promise.reject(error) });
    r.actor.send({ type: 'registration.submit' });
    await waitFor(r.actor, (s) => !s.hasTag('submitting'));
    return r.actor.getSnapshot();
  };

  it('maps any text about configuration to the configuration message', async () => {
    const s = await failWith(new ApiError('Server configuration missing', 500, { error: 'Server configuration missing' }));
    expect(s.value).toBe('qualification');
    expect(s.context.submitError).toBe(messages.registration.configurationError);
  });

  it('applies rejected limits, shows the server words and returns to the amount', async () => {
    const limits = { minInvestment: 30_000, maxInvestment: 100_000, tokenPrice: 5 };
    const s = await failWith(new ApiError(messages.registration.limitsRejected, 422, { error: messages.registration.limitsRejected, limits }));
    expect(s.value).toBe('investment');
    expect(s.context.settings).toEqual({ tokenPrice: 5, minInvestment: 30_000, maxInvestment: 100_000 });
    expect(s.context.submitError).toBe(messages.registration.limitsRejected);
    expect(selectFieldErrors(s).investmentAmount).toBe('Amount must be at least €30,000');
    expect(selectTokens(s)).toBe(5_000);
  });

  it("falls back to 'Please check your investment amount.' when limits come without words", async () => {
    const s = await failWith(new ApiError('HTTP 422', 422, { limits: { minInvestment: 100, maxInvestment: 20_000, tokenPrice: 1 } }));
    expect(s.value).toBe('investment');
    expect(s.context.submitError).toBe(messages.registration.checkAmount);
  });

  it.each([
    [new ApiError(messages.login.invalidEmail, 400, { error: messages.login.invalidEmail }), messages.login.invalidEmail],
    [new ApiError('HTTP 500', 500, null), messages.registration.failed],
    [new ApiError(messages.general.network, 0, null), messages.general.network],
    [new TypeError('x is undefined'), messages.registration.failed],
    // Limits that fail the settings check are not applied.
    [new ApiError('Out of range', 422, { error: 'Out of range', limits: { minInvestment: 5, maxInvestment: 1, tokenPrice: 1 } }), 'Out of range'],
  ])('shows %s as %j and stays on step 3', async (error, message) => {
    const s = await failWith(error);
    expect(s.value).toBe('qualification');
    expect(s.context.submitError).toBe(message);
    expect(s.context.settings).toEqual(SETTINGS);
  });

  it('classifies without the machine too', () => {
    expect(classifySubmitError(new Error('bad CONFIGURATION')).kind).toBe('configuration');
    expect(classifySubmitError('string thrown').message).toBe(messages.registration.failed);
  });

  it('reads a refusal naming a field (RegistrationRejectionSchema); an unknown or absent field is the general message', () => {
    const limits = { tokenPrice: 5, minInvestment: 30_000, maxInvestment: 100_000 };
    expect(classifySubmitError(new ApiError('Too young', 400, { error: 'Too young', field: 'dateOfBirth' }))).toEqual({
      kind: 'field',
      field: 'dateOfBirth',
      message: 'Too young',
      limits: null,
    });
    // The token count is the amount's field on the form, and the limits come along.
    expect(classifySubmitError(new ApiError('Out of range', 400, { error: 'Out of range', field: 'tokenQuantity', limits }))).toEqual({
      kind: 'field',
      field: 'investmentAmount',
      message: 'Out of range',
      limits,
    });
    expect(classifySubmitError(new ApiError('Odd', 400, { error: 'Odd', field: 'favouriteColour' }))).toEqual({ kind: 'other', message: 'Odd' });
    expect(classifySubmitError(new ApiError('Odd', 400, { error: 'Odd' }))).toEqual({ kind: 'other', message: 'Odd' });
    // Only a refusal (4xx) names a field.
    expect(classifySubmitError(new ApiError('HTTP 500', 500, { error: 'Down', field: 'email' })).kind).toBe('other');
  });

  it('moves to the step holding a refused field, shows its words there until the field changes, and asks for focus on it', async () => {
    const taken = messages.login.invalidEmail;
    const r = readyToSubmit({ submit: async () => Promise.reject(new ApiError(taken, 400, { error: taken, field: 'email' })) });
    r.actor.send({ type: 'registration.submit' });
    await waitFor(r.actor, (s) => s.matches('investor'));
    expect(selectFieldErrors(r.actor.getSnapshot())).toEqual({ email: taken });
    expect(r.actor.getSnapshot().context.focus?.field).toBe('email');
    expect(r.actor.getSnapshot().context.submitError).toBeNull();
    r.actor.send({ type: 'registration.field.change', field: 'email', value: 'ada.l@example.com' });
    expect(selectFieldErrors(r.actor.getSnapshot())).toEqual({});
  });

  it('clears the error when the user acts on it', async () => {
    const r = readyToSubmit({ submit: async () => Promise.reject(new ApiError('Nope', 400, { error: 'Nope' })) });
    r.actor.send({ type: 'registration.submit' });
    await waitFor(r.actor, (s) => s.context.submitError === 'Nope');
    r.actor.send({ type: 'registration.field.change', field: 'primaryJurisdiction', value: 'eu' });
    expect(r.actor.getSnapshot().context.submitError).toBeNull();
  });
});
