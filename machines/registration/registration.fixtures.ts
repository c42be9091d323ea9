/**
 * Test data for the registration machine, shared by its unit, path and view tests:
 * settings, field events that fill each step, a code challenge, and fake effects built with `fromPromise`.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { AuthResponse, CodeChallenge } from '../../src/shared/auth.ts';
import type { InvestmentSettings } from '../../src/shared/investment-settings.ts';
import type { RegistrationPayload } from '../../src/shared/registration.ts';
import { emailCodeMachine } from '../email-code/email-code.machine.ts';
import type { ResendCodeInput, VerifyCodeInput } from '../email-code/email-code.types.ts';
import { registrationMachine } from './registration.machine.ts';
import { selectEmailCodeActor } from './registration.selectors.ts';
import type { FieldChangeEvent } from './registration.types.ts';

export const SETTINGS: InvestmentSettings = { tokenPrice: 2.5, minInvestment: 10_000, maxInvestment: 500_000 };
export const VALID_WALLET = `0x${'a1B2'.repeat(10)}`;

const change = (e: Omit<FieldChangeEvent, 'type'>): FieldChangeEvent => ({ type: 'registration.field.change', ...e }) as FieldChangeEvent;

export const fillInvestment: FieldChangeEvent[] = [change({ field: 'investmentAmount', value: '25000' })];

export const fillIndividual: FieldChangeEvent[] = [
  change({ field: 'investorType', value: 'individual' }),
  change({ field: 'fullName', value: '  Ada Lovelace ' }),
  change({ field: 'dateOfBirth', value: '1985-12-10' }),
  change({ field: 'nationality', value: 'British' }),
  change({ field: 'email', value: 'Ada@Example.com' }),
  change({ field: 'walletAddress', value: ` ${VALID_WALLET} ` }),
];

export const fillEntity: FieldChangeEvent[] = [
  change({ field: 'investorType', value: 'entity' }),
  change({ field: 'entityName', value: 'Analytical Engines Ltd' }),
  change({ field: 'jurisdiction', value: 'England and Wales' }),
  change({ field: 'authorizedSignatory', value: 'Charles Babbage' }),
  change({ field: 'email', value: 'board@engines.example' }),
  change({ field: 'walletAddress', value: VALID_WALLET }),
];

export const fillQualification: FieldChangeEvent[] = [
  change({ field: 'primaryJurisdiction', value: 'uk' }),
  change({ field: 'qualifiedInvestor', value: true }),
  change({ field: 'riskUnderstanding', value: true }),
  change({ field: 'financialCapacity', value: true }),
];

export const AUTH_RESPONSE: AuthResponse = {
  token: 'header.payload.signature',
  user: { userId: 'u-1', userDetailsId: 'd-1', email: 'ada@example.com', investmentAmount: 25_000 },
};

/** What POST /api/auth/register answers once it accepted the details: a code went to the (masked) address. */
export const CHALLENGE: CodeChallenge = { challengeId: '3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c90', sentTo: 'a***@example.com' };
/** The code the fake inbox received. */
export const CODE = '123456';

type FakeEffects = {
  /** What GET /api/settings/investment-limits answers; an Error makes it fail. */
  settings?: unknown;
  /** How POST /api/auth/register answers; receives the payload the machine sent. */
  submit?: (payload: RegistrationPayload) => Promise<CodeChallenge>;
  /** How POST /api/auth/verify answers; receives the challenge and the code typed. */
  verify?: (input: VerifyCodeInput) => Promise<AuthResponse>;
  /** How POST /api/auth/resend answers. */
  resend?: (input: ResendCodeInput) => Promise<CodeChallenge>;
};

/** The machine with fake effects; `sent` records every payload submitted, `verified` every code checked. */
export function machineWithFakes({
  settings = SETTINGS,
  submit = async () => CHALLENGE,
  verify = async () => AUTH_RESPONSE,
  resend = async () => CHALLENGE,
}: FakeEffects = {}) {
  const sent: RegistrationPayload[] = [];
  const verified: VerifyCodeInput[] = [];
  const machine = registrationMachine.provide({
    actors: {
      fetchSettings: fromPromise<unknown, void>(async () => {
        if (settings instanceof Error) throw settings;
        return settings;
      }),
      submitRegistration: fromPromise<CodeChallenge, RegistrationPayload>(async ({ input }) => {
        sent.push(input);
        return submit(input);
      }),
      emailCode: emailCodeMachine.provide({
        actors: {
          verifyCode: fromPromise<AuthResponse, VerifyCodeInput>(async ({ input }) => {
            verified.push(input);
            return verify(input);
          }),
          resendCode: fromPromise<CodeChallenge, ResendCodeInput>(async ({ input }) => resend(input)),
        },
      }),
    },
  });
  return { machine, sent, verified };
}

/** Types `code` into the running code step of a registration in `confirming` and submits it. */
export function enterCode(actor: ActorRefFrom<typeof registrationMachine>, code = CODE): void {
  const step = selectEmailCodeActor(actor.getSnapshot());
  if (!step) throw new Error(`no code step is running (registration is in ${JSON.stringify(actor.getSnapshot().value)})`);
  step.send({ type: 'emailCode.change', value: code });
  step.send({ type: 'emailCode.submit' });
}
