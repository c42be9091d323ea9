/**
 * Registration wizard (spec sections 2, 4, 5, 8): settings -> Investment Details -> Investor Information ->
 * Initial Qualification Check -> submit. Its output is the server's AuthResponse; the session machine that
 * invokes it stores the session and moves on to disclosure.
 * Effects are placeholders the app provides: `fetchSettings` (raw JSON of GET /api/settings/investment-limits)
 * and `submitRegistration` (POST /api/auth/register, throws ApiError).
 */
import { and, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import { checkSettings } from '../../src/shared/investment-settings.ts';
import { messages } from '../../src/shared/messages.ts';
import { INVESTOR_TYPES, PRIMARY_JURISDICTIONS, type RegistrationPayload } from '../../src/shared/registration.ts';
import { emailCodeMachine } from '../email-code/email-code.machine.ts';
import type {
  FieldChangeEvent,
  FieldName,
  RegistrationContext,
  RegistrationEvent,
  RegistrationInput,
  RegistrationOutput,
  RegistrationValues,
  StepIndex,
} from './registration.types.ts';
import { classifySubmitError } from './registration.submit-error.ts';
import { CERTIFICATION_FIELDS, buildPayload, emptyValues, isStepValid, stepFields } from './registration.validation.ts';

/** Fields whose error shows while typing: the amount (limits) and the wallet (live format message). */
const LIVE_FIELDS: readonly FieldName[] = ['investmentAmount', 'walletAddress'];
const CHOICE_FIELDS: readonly FieldName[] = ['investorType', 'primaryJurisdiction', ...CERTIFICATION_FIELDS];
const WALLET_MAX_LENGTH = 42;

const isField = (field: unknown): field is FieldName => typeof field === 'string' && field in emptyValues;

/** The values after one change, or null when the event does not fit the field (ignored). */
function applyFieldChange(values: RegistrationValues, event: FieldChangeEvent): RegistrationValues | null {
  const { field, value } = event;
  if (!isField(field)) return null;
  if (typeof emptyValues[field] === 'boolean') return typeof value === 'boolean' ? { ...values, [field]: value } : null;
  if (typeof value !== 'string') return null;
  if (field === 'investorType' && value !== '' && !(INVESTOR_TYPES as readonly string[]).includes(value)) return null;
  if (field === 'primaryJurisdiction' && value !== '' && !(PRIMARY_JURISDICTIONS as readonly string[]).includes(value)) return null;
  // Spec: the wallet is trimmed and at most 42 characters.
  const next = field === 'walletAddress' ? value.trim().slice(0, WALLET_MAX_LENGTH) : value;
  return { ...values, [field]: next };
}

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
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'registration.field.change') return {};
      const values = applyFieldChange(context.values, event);
      if (!values) return {};
      const showsLive = LIVE_FIELDS.includes(event.field) || CHOICE_FIELDS.includes(event.field);
      return {
        values,
        touched: showsLive ? { ...context.touched, [event.field]: true } : context.touched,
        submitError: null,
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'registration.field.blur' && isField(event.field) ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    revealStepErrors: assign({ touched: ({ context }, params: { step: StepIndex }) => revealFields(context, params.step) }),
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
  context: ({ input }) => {
    const checked = checkSettings(input?.settings ?? null);
    return {
      settings: checked.ok ? checked.settings : null,
      settingsError: null,
      values: emptyValues,
      touched: {},
      submitError: null,
      payload: null,
      challenge: null,
      result: null,
    };
  },
  initial: 'checkingSettings',
  states: {
    /** Valid settings handed in by the app skip the fetch. */
    checkingSettings: {
      tags: ['loading'],
      always: [{ guard: 'hasSettings', target: 'investment' }, { target: 'loadingSettings' }],
    },
    loadingSettings: {
      tags: ['loading'],
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: [
          {
            guard: { type: 'areFetchedSettingsValid', params: ({ event }) => ({ raw: event.output }) },
            target: 'investment',
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
      on: { 'registration.settings.retry': { target: 'checkingSettings' } },
    },
    investment: {
      on: {
        ...fieldHandlers,
        'registration.next': [
          { guard: 'isInvestmentStepValid', target: 'investor', actions: 'clearSubmitError' },
          { actions: { type: 'revealStepErrors', params: { step: 1 } } },
        ],
      },
    },
    investor: {
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
      tags: ['submitting'],
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        // storePayload ran on the way in, behind the isPayloadValid guard.
        input: ({ context }) => context.payload as RegistrationPayload,
        onDone: { target: 'confirming', actions: assign({ challenge: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isConfigurationError', params: ({ event }) => ({ error: event.error }) },
            target: 'qualification',
            actions: { type: 'showSubmitFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
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
    /** The code mailed to the given address creates the account; going back returns to step 3. */
    confirming: {
      tags: ['confirming'],
      invoke: {
        id: 'emailCode',
        src: 'emailCode',
        input: ({ context }) => context.challenge as CodeChallenge,
        onDone: [
          {
            guard: ({ event }) => event.output.auth !== null,
            target: 'done',
            actions: { type: 'storeResult', params: ({ event }) => ({ response: event.output.auth as AuthResponse }) },
          },
          { target: 'qualification', actions: assign({ challenge: null }) },
        ],
      },
    },
    done: { type: 'final' },
  },
  // Reached only through storeResult, so result is set.
  output: ({ context }) => context.result as AuthResponse,
});

/** A running registration chart, as views and parent charts hold it. */
export type RegistrationActorRef = ActorRefFrom<typeof registrationMachine>;
