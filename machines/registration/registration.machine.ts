/**
 * Registration wizard (spec sections 2, 4, 5, 8): settings -> Investment Details -> Investor Information ->
 * Initial Qualification Check -> submit -> the emailed code. Its output is the server's AuthResponse; the session
 * machine that invokes it stores the session and moves on to disclosure.
 * A refused Next or Submit shows every error of the step and asks for focus on its first invalid field; a refusal the
 * server names a field for shows its words at that field, on the step that holds it. A registration waiting for its
 * code is kept by the tab (input `pending` on the way in; `storePendingRegistration` / `clearPendingRegistration`),
 * so a reload comes back to the code screen.
 * Effects are placeholders the app provides: `fetchSettings` (raw JSON of GET /api/settings/investment-limits),
 * `submitRegistration` (POST /api/auth/register, throws ApiError) and the two storage actions.
 */
import { and, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import { checkSettings } from '../../src/shared/investment-settings.ts';
import { messages } from '../../src/shared/messages.ts';
import type { RegistrationPayload } from '../../src/shared/registration.ts';
import { firstInvalidField, focusOn } from '../../src/shared/validate.ts';
import { emailCodeMachine } from '../email-code/email-code.machine.ts';
import { pendingFrom, type PendingRegistration } from './registration.pending.ts';
import type { FieldName, RegistrationContext, RegistrationEvent, RegistrationInput, RegistrationOutput, StepIndex } from './registration.types.ts';
import { classifySubmitError } from './registration.submit-error.ts';
import { CERTIFICATION_FIELDS, applyFieldChange, buildPayload, emptyValues, isField, isStepValid, stepErrors, stepFields, stepOfField } from './registration.validation.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

/** Fields whose error shows while typing: the amount (limits) and the wallet (live format message). */
const LIVE_FIELDS: readonly FieldName[] = ['investmentAmount', 'walletAddress'];
const CHOICE_FIELDS: readonly FieldName[] = ['investorType', 'primaryJurisdiction', ...CERTIFICATION_FIELDS];

const revealFields = (context: RegistrationContext, step: StepIndex) => {
  const touched = { ...context.touched };
  for (const field of stepFields(step, context.values.investorType)) touched[field] = true;
  return touched;
};

/** Field events are accepted on every form step; the view shows one step at a time. */
const fieldHandlers = {
  'registration.field.change': { actions: 'setField' },
  'registration.field.blur': { actions: 'markTouched' },
} as const;

/** A refusal naming a field of `step`: the investor goes to that step, the server's words at the field. */
const fieldRefusal = <T extends string>(step: StepIndex, target: T) => ({
  guard: { type: 'isFieldRefusalOnStep' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, step }) },
  target,
  actions: { type: 'showFieldRefusal' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
});

/** The challenge a code step answers now (a resend replaces it). */
const challengeOf = ({ challengeId, sentTo }: CodeChallenge): CodeChallenge => ({ challengeId, sentTo });

/** Keeps the registration in the tab as it stands (after keepChallenge). */
const storePending = {
  type: 'storePendingRegistration' as const,
  params: ({ context }: { context: RegistrationContext }) => ({ challenge: context.challenge as CodeChallenge, values: context.values }),
};

export const registrationMachine = setup({
  types: {} as {
    context: RegistrationContext;
    events: RegistrationEvent;
    input: RegistrationInput;
    output: RegistrationOutput;
  },
  actors: {
    fetchSettings: fromPromise<unknown, void>(async () => {
      throw new Error('fetchSettings is provided by the app');
    }),
    /** POST /api/auth/register: validates everything, then mails a one-time code (no account yet). */
    submitRegistration: fromPromise<CodeChallenge, RegistrationPayload>(async () => {
      throw new Error('submitRegistration is provided by the app');
    }),
    emailCode: emailCodeMachine,
  },
  guards: {
    hasSettings: ({ context }) => context.settings !== null,
    /** A challenge kept from before a reload: the code screen comes back. */
    isAwaitingCode: ({ context }) => context.challenge !== null,
    areFetchedSettingsValid: (_, params: { raw: unknown }) => checkSettings(params.raw).ok,
    isInvestmentStepValid: ({ context }) => isStepValid(1, context.values, context.settings),
    isInvestorStepValid: ({ context }) => isStepValid(2, context.values, context.settings),
    isQualificationValid: ({ context }) => isStepValid(3, context.values, context.settings),
    /** The earlier steps still hold and the shared schema accepts the payload. */
    isPayloadValid: ({ context }) =>
      isStepValid(1, context.values, context.settings) &&
      isStepValid(2, context.values, context.settings) &&
      buildPayload(context.values, context.settings).ok,
    isConfigurationError: (_, params: { error: unknown }) => classifySubmitError(params.error).kind === 'configuration',
    isRejectedForLimits: (_, params: { error: unknown }) => classifySubmitError(params.error).kind === 'limits',
    isFieldRefusalOnStep: (_, params: { error: unknown; step: StepIndex }) => {
      const failure = classifySubmitError(params.error);
      return failure.kind === 'field' && stepOfField(failure.field) === params.step;
    },
  },
  actions: {
    /** The tab keeps the challenge and the form until the account exists or another email is chosen. */
    storePendingRegistration: (_, _params: PendingRegistration) => {},
    clearPendingRegistration: () => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'registration.field.change') return {};
      const values = applyFieldChange(context.values, event);
      if (!values) return {};
      const showsLive = LIVE_FIELDS.includes(event.field) || CHOICE_FIELDS.includes(event.field);
      const { [event.field]: _answered, ...serverErrors } = context.serverErrors;
      return {
        values,
        touched: showsLive ? { ...context.touched, [event.field]: true } : context.touched,
        submitError: null,
        serverErrors,
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'registration.field.blur' && isField(event.field) ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    /** Every error of the step shows, and the investor is taken to the first. */
    revealStepErrors: assign(({ context }, params: { step: StepIndex }) => {
      const first = firstInvalidField(stepErrors(params.step, context.values, context.settings), stepFields(params.step, context.values.investorType));
      return { touched: revealFields(context, params.step), focus: first ? focusOn(context.focus, first) : context.focus };
    }),
    clearSubmitError: assign({ submitError: null }),
    showFillRequired: assign({ submitError: messages.registration.fillRequired }),
    storeFetchedSettings: assign((_, params: { raw: unknown }) => {
      const checked = checkSettings(params.raw);
      return checked.ok ? { settings: checked.settings, settingsError: null } : { settings: null, settingsError: checked.error };
    }),
    storeSettingsLoadFailure: assign({ settings: null, settingsError: messages.settings.loadFailed }),
    storePayload: assign({
      payload: ({ context }) => {
        const built = buildPayload(context.values, context.settings);
        return built.ok ? built.payload : null;
      },
      submitError: null,
    }),
    /** Spec section 8: apply the server's limits; the amount's error then shows against them. */
    applyRejectedLimits: assign(({ context }, params: { error: unknown }) => {
      const failure = classifySubmitError(params.error);
      if (failure.kind !== 'limits') return {};
      return {
        settings: failure.limits,
        submitError: failure.message,
        touched: { ...context.touched, investmentAmount: true as const },
        payload: null,
      };
    }),
    showFieldRefusal: assign(({ context }, params: { error: unknown }) => {
      const failure = classifySubmitError(params.error);
      if (failure.kind !== 'field') return {};
      return {
        settings: failure.limits ?? context.settings,
        serverErrors: { ...context.serverErrors, [failure.field]: failure.message },
        touched: { ...context.touched, [failure.field]: true as const },
        focus: focusOn(context.focus, failure.field),
        submitError: null,
        payload: null,
      };
    }),
    keepChallenge: assign({ challenge: (_, params: { challenge: CodeChallenge }) => params.challenge }),
    /** 'Use a different email address': back to the email field, the kept registration dropped. */
    returnToEmail: assign(({ context }) => ({ challenge: null, focus: focusOn(context.focus, 'email') })),
    showSubmitFailure: assign((_, params: { error: unknown }) => ({
      submitError: classifySubmitError(params.error).message,
      payload: null,
    })),
    storeResult: assign({
      result: (_, params: { response: AuthResponse }) => {
        const { token, user, settings } = params.response;
        // Updated settings travel on only when they pass the same check as fetched ones.
        const checked = settings === undefined ? null : checkSettings(settings);
        return checked?.ok ? { token, user, settings: checked.settings } : { token, user };
      },
    }),
  },
}).createMachine({
  id: 'registration',
  description: 'The registration wizard: Investment Details, Investor Information, Initial Qualification Check, then the emailed code that creates the account.',
  meta: {
    descriptions: {
      guards: {
        hasSettings: 'The investment limits and settings are known and valid.',
        isAwaitingCode: 'A registration kept from before a reload waits for its emailed code.',
        areFetchedSettingsValid: "The settings the server sent pass the portal's checks.",
        isInvestmentStepValid: 'Investment Details is complete and within the limits.',
        isInvestorStepValid: 'Investor Information is complete and valid.',
        isQualificationValid: 'The Initial Qualification Check is complete (primary jurisdiction and every certification).',
        isPayloadValid: 'The earlier steps still hold and the shared schema accepts the registration.',
        isConfigurationError: "The server refused because of the issuer's configuration, not the investor's answers.",
        isRejectedForLimits: 'The server refused the amount against its investment limits (which it sends).',
        isFieldRefusalOnStep: 'The server refused one field, on this step, in its own words.',
      },
      actions: {
        storePendingRegistration: 'Keeps the registration and its code challenge in the tab, so a reload comes back to the code screen.',
        clearPendingRegistration: 'Drops the registration kept in the tab.',
        setField: "Takes an answer typed or chosen; clears that field's refusal from the server.",
        markTouched: 'Notes the field was left, so its error shows.',
        revealStepErrors: 'Shows every error of the step and takes the investor to the first.',
        clearSubmitError: 'Clears the error shown above the buttons.',
        showFillRequired: "Says, in the spec's words, that the required fields must be filled in.",
        storeFetchedSettings: 'Takes the settings fetched, or the reason they cannot be used.',
        storeSettingsLoadFailure: "Says, in the spec's words, that the settings could not be loaded.",
        storePayload: 'Keeps the registration to send, as the shared schema built it.',
        applyRejectedLimits: "Applies the server's limits; the amount's error then shows against them.",
        showFieldRefusal: "Shows the server's words at the field it refused, which takes focus.",
        keepChallenge: 'Keeps the code challenge now to be answered (a resend replaces it).',
        returnToEmail: "'Use a different email address': back to the email field, the kept registration dropped.",
        showSubmitFailure: 'Shows why the registration was refused.',
        storeResult: 'Keeps the new session (token, user and any updated settings that pass the checks).',
      },
      actors: {
        fetchSettings: 'Fetches the investment limits and settings (GET /api/settings/investment-limits).',
        submitRegistration: 'Sends the registration (POST /api/auth/register): checked, then a one-time code is mailed.',
        emailCode: 'The one-time code step (machines/email-code).',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => {
    const checked = checkSettings(input?.settings ?? null);
    const pending = pendingFrom(input?.pending);
    return {
      settings: checked.ok ? checked.settings : null,
      settingsError: null,
      values: pending?.values ?? emptyValues,
      touched: {},
      submitError: null,
      serverErrors: {},
      focus: null,
      payload: null,
      challenge: pending?.challenge ?? null,
      result: null,
    };
  },
  initial: 'checkingSettings',
  states: {
    /** Valid settings handed in by the app skip the fetch; a registration kept from before a reload awaits its code. */
    checkingSettings: {
      description: 'Valid settings handed in skip the fetch; a registration kept from before a reload awaits its code.',
      tags: ['loading'],
      always: [
        { guard: and(['hasSettings', 'isAwaitingCode']), target: 'confirming' },
        { guard: 'hasSettings', target: 'investment' },
        { target: 'loadingSettings' },
      ],
    },
    loadingSettings: {
      description: 'Fetching the investment limits and settings.',
      tags: ['loading'],
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: [
          {
            guard: { type: 'areFetchedSettingsValid', params: ({ event }) => ({ raw: event.output }) },
            target: 'checkingSettings',
            actions: { type: 'storeFetchedSettings', params: ({ event }) => ({ raw: event.output }) },
          },
          {
            target: 'settingsError',
            actions: { type: 'storeFetchedSettings', params: ({ event }) => ({ raw: event.output }) },
          },
        ],
        onError: { target: 'settingsError', actions: 'storeSettingsLoadFailure' },
      },
    },
    settingsError: {
      description: 'The settings could not be loaded or used: the failure is shown with a retry.',
      on: { 'registration.settings.retry': { target: 'checkingSettings' } },
    },
    investment: {
      description: 'Step 1, Investment Details: the amount to invest, within the limits.',
      on: {
        ...fieldHandlers,
        'registration.next': [
          { guard: 'isInvestmentStepValid', target: 'investor', actions: 'clearSubmitError' },
          { actions: { type: 'revealStepErrors', params: { step: 1 } } },
        ],
      },
    },
    investor: {
      description: 'Step 2, Investor Information: individual or entity and its details, the email address and the wallet address.',
      on: {
        ...fieldHandlers,
        'registration.previous': { target: 'investment', actions: 'clearSubmitError' },
        'registration.next': [
          { guard: 'isInvestorStepValid', target: 'qualification', actions: 'clearSubmitError' },
          { actions: { type: 'revealStepErrors', params: { step: 2 } } },
        ],
      },
    },
    qualification: {
      description: 'Step 3, Initial Qualification Check: the primary jurisdiction and the certifications; Submit sends the registration.',
      on: {
        ...fieldHandlers,
        'registration.previous': { target: 'investor', actions: 'clearSubmitError' },
        'registration.submit': [
          { guard: and(['isQualificationValid', 'isPayloadValid']), target: 'submitting', actions: 'storePayload' },
          { actions: [{ type: 'revealStepErrors', params: { step: 3 } }, 'showFillRequired'] },
        ],
      },
    },
    submitting: {
      description: 'Sending the registration; a refusal goes back to the step it concerns.',
      tags: ['submitting'],
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        // storePayload ran on the way in, behind the isPayloadValid guard.
        input: ({ context }) => context.payload as RegistrationPayload,
        onDone: { target: 'confirming', actions: [{ type: 'keepChallenge', params: ({ event }) => ({ challenge: event.output }) }, storePending] },
        onError: [
          {
            guard: { type: 'isConfigurationError', params: ({ event }) => ({ error: event.error }) },
            target: 'qualification',
            actions: { type: 'showSubmitFailure', params: ({ event }) => ({ error: event.error }) },
          },
          fieldRefusal(1, 'investment'),
          fieldRefusal(2, 'investor'),
          fieldRefusal(3, 'qualification'),
          {
            description: 'Refused against the limits: back to the amount, to correct it against the limits now in force.',
            // Back to the amount so the user can correct it against the limits now in force.
            guard: { type: 'isRejectedForLimits', params: ({ event }) => ({ error: event.error }) },
            target: 'investment',
            actions: { type: 'applyRejectedLimits', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'qualification',
            actions: { type: 'showSubmitFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /**
     * The code mailed to the given address creates the account; 'Use a different email address' returns to the email
     * field. A new code (resend) replaces the kept challenge, so a reload answers the newest one.
     */
    confirming: {
      description: "The investor enters the code mailed to them, which creates the account; 'Use a different email address' returns to the email field.",
      tags: ['confirming'],
      invoke: {
        id: 'emailCode',
        src: 'emailCode',
        input: ({ context }) => context.challenge as CodeChallenge,
        onSnapshot: {
          guard: ({ context, event }) => event.snapshot.context.challengeId !== context.challenge?.challengeId,
          actions: [{ type: 'keepChallenge', params: ({ event }) => ({ challenge: challengeOf(event.snapshot.context) }) }, storePending],
        },
        onDone: [
          {
            guard: ({ event }) => event.output.auth !== null,
            target: 'done',
            actions: [{ type: 'storeResult', params: ({ event }) => ({ response: event.output.auth as AuthResponse }) }, 'clearPendingRegistration'],
          },
          { target: 'investor', actions: ['returnToEmail', 'clearPendingRegistration'] },
        ],
      },
    },
    done: { description: 'The account exists and the investor is signed in: the session moves on to disclosure.', type: 'final' },
  },
  // Reached only through storeResult, so result is set.
  output: ({ context }) => context.result as AuthResponse,
});

/** A running registration chart, as views and parent charts hold it. */
export type RegistrationActorRef = ActorRefFrom<typeof registrationMachine>;
