/**
 * Test data for the registration machine, shared by its unit, path and view tests:
 * settings, field events that fill each step, and fake effects built with `fromPromise`.
 */
import { fromPromise } from 'xstate';
import type { AuthResponse, InvestmentSettings, RegistrationPayload } from '../../src/shared/schemas.ts';
import { registrationMachine } from './registration.machine.ts';
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

type FakeEffects = {
  /** What GET /api/settings/investment-limits answers; an Error makes it fail. */
  settings?: unknown;
  /** How POST /api/auth/register answers; receives the payload the machine sent. */
  submit?: (payload: RegistrationPayload) => Promise<AuthResponse>;
};

/** The machine with fake effects; `sent` records every payload submitted. */
export function machineWithFakes({ settings = SETTINGS, submit = async () => AUTH_RESPONSE }: FakeEffects = {}) {
  const sent: RegistrationPayload[] = [];
  const machine = registrationMachine.provide({
    actors: {
      fetchSettings: fromPromise<unknown, void>(async () => {
        if (settings instanceof Error) throw settings;
        return settings;
      }),
      submitRegistration: fromPromise<AuthResponse, RegistrationPayload>(async ({ input }) => {
        sent.push(input);
        return submit(input);
      }),
    },
  });
  return { machine, sent };
}
