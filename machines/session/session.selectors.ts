import type { SnapshotFrom } from 'xstate';
import { readTokenPayload } from '../../src/shared/auth.ts';
import { messages } from '../../src/shared/messages.ts';
import { PROCESS_STEPS, stepFromPath } from '../../src/shared/process-steps.ts';
import { DOWNLOADS_PATH } from '../process/process.routes.ts';
import type { LoginActorRef } from '../login/login.machine.ts';
import type { ProcessActorRef } from '../process/process.machine.ts';
import type { RegistrationDetailsActorRef } from '../registration-details/registration-details.machine.ts';
import type { RegistrationActorRef } from '../registration/registration.machine.ts';
import type { sessionMachine } from './session.machine.ts';

type S = SnapshotFrom<typeof sessionMachine>;

export type SessionView = 'loading' | 'login' | 'register' | 'process' | 'signingOut';

export const selectView = (s: S): SessionView => {
  if (s.matches({ unauthenticated: 'login' })) return 'login';
  if (s.matches({ unauthenticated: 'register' })) return 'register';
  if (s.matches('authenticated')) return 'process';
  if (s.matches('loggingOut') || s.matches('loggedOut') || s.matches('reloading') || s.matches('expired')) return 'signingOut';
  return 'loading';
};

/** The path the URL must show for the unauthenticated views; signed-in paths come from the process child. */
export const selectAuthPath = (s: S): string | null => {
  const view = selectView(s);
  return view === 'login' ? '/auth/login' : view === 'register' ? '/auth/register' : null;
};

/**
 * The browser tab's title for the path the machines decided ('Login · G2G Investor Portal', 'KYC Verification · ...'):
 * each route of the spec's table has its own; while nothing is decided (loading, signing out), the portal's name.
 */
export function pageTitleOf(path: string | null): string {
  const names = messages.pageNames;
  if (path === '/auth/login') return messages.pageTitle(names.login);
  if (path === '/auth/register') return messages.pageTitle(names.register);
  if (path === DOWNLOADS_PATH) return messages.pageTitle(names.downloads);
  if (path?.startsWith('/process/')) return messages.pageTitle(messages.steps.titles[PROCESS_STEPS.indexOf(stepFromPath(path))]!);
  return messages.portalTitle;
}

export const selectUser = (s: S) => s.context.user;
export const selectToken = (s: S) => s.context.token;
export const selectNotice = (s: S) => s.context.notice;
export const selectElapsedSeconds = (s: S) => s.context.elapsedSeconds;
export const selectRequestedPath = (s: S) => s.context.requestedPath;
export const selectIsLoggingOut = (s: S) => s.matches('loggingOut') || s.matches('loggedOut');

/** The session id shown in the session panel: the token's jti, shortened. */
export const selectSessionId = (s: S): string => {
  const jti = readTokenPayload(s.context.token)?.jti;
  return typeof jti === 'string' ? jti.slice(0, 8).toUpperCase() : '—';
};

export const formatElapsed = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(sec)}`;
};

export const selectLoginActor = (s: S) => s.children.login as LoginActorRef | undefined;
/** The loaded charts run under these ids (spawned, so untyped among the children). */
const childOf = (s: S, id: string): unknown => (s.children as Record<string, unknown>)[id];
export const selectRegistrationActor = (s: S) => childOf(s, 'registration') as RegistrationActorRef | undefined;
export const selectProcessActor = (s: S) => childOf(s, 'process') as ProcessActorRef | undefined;
export const selectDetailsActor = (s: S) => childOf(s, 'registrationDetails') as RegistrationDetailsActorRef | undefined;

/** The register page's or the signed-in area's charts: loading (their chunk), failed to load (a retry loads them again), or running. */
export type ChartPhase = 'loading' | 'failed' | 'running';
export const selectChartPhase = (s: S): ChartPhase => (s.hasTag('chartLoadFailed') ? 'failed' : s.hasTag('chartLoading') ? 'loading' : 'running');
