import type { AuthResponse, SessionUser } from '../../src/shared/auth.ts';
import type { InvestmentSettings } from '../../src/shared/investment-settings.ts';
import type { processMachine } from '../process/process.machine.ts';
import type { registrationDetailsMachine } from '../registration-details/registration-details.machine.ts';
import type { registrationMachine } from '../registration/registration.machine.ts';

/** The charts the session loads (chunks of their own) and runs as children, as types only: importing them would put them in the first script. */
export type RegistrationChart = typeof registrationMachine;
export type SignedInCharts = { process: typeof processMachine; registrationDetails: typeof registrationDetailsMachine };

export type StoredSession = {
  token: string | null;
  /** The raw JSON of the stored user: the machine decides whether it can be read. */
  userRaw: string | null;
  /** A message carried over a page reload or replace (e.g. why the user was signed out). */
  notice?: string | null;
};

export type SessionContext = {
  token: string | null;
  user: SessionUser | null;
  settings: InvestmentSettings | null;
  /** The last path the browser asked for; the machine decides where that leads. */
  requestedPath: string;
  /** What the tab kept of a registration waiting for its code, read as the register page opens; the registration decides what it is. */
  pendingRegistration: unknown;
  notice: string | null;
  elapsedSeconds: number;
  /** When this signed-in session began here (ms since the epoch); the panel's timer counts from it. */
  startedAt: number;
};

export type SessionEvent =
  | { type: 'session.route.request'; path: string }
  | { type: 'session.storage.change'; token: string | null; userRaw: string | null }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.notice.dismiss' }
  /** Load the register page's or the signed-in area's charts again after their load failed. */
  | { type: 'session.chart.retry' };

/**
 * The registration chart finished (signed up and in): XState sends it when the child `registration` reaches its final
 * state. Listed so the chart may handle it (a spawned child's completion is not typed the way an invoke's onDone is).
 */
export type ChildChartDoneEvent = { type: 'xstate.done.actor.registration'; output: AuthResponse };

export type SessionInput = { path: string };
export type { AuthResponse };
