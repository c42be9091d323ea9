import type { SnapshotFrom } from 'xstate';
import type { adminSessionMachine } from './admin-session.machine.ts';

type S = SnapshotFrom<typeof adminSessionMachine>;

export const selectPhase = (s: S): 'loading' | 'enrolling' | 'signedOut' | 'signedIn' =>
  s.matches('enrolling') ? 'enrolling' : s.matches('signedOut') ? 'signedOut' : s.matches('signedIn') || s.matches('signingOut') ? 'signedIn' : 'loading';
export const selectStaff = (s: S) => s.context.staff;
export const selectNotice = (s: S) => s.context.notice;
export const selectEnrolment = (s: S) => s.context.enrolment;
export const selectEnrolStep = (s: S): 'loading' | 'ready' | 'registering' | 'failed' | null =>
  s.matches({ enrolling: 'loading' }) ? 'loading' : s.matches({ enrolling: 'ready' }) ? 'ready' : s.matches({ enrolling: 'registering' }) ? 'registering' : s.matches({ enrolling: 'failed' }) ? 'failed' : null;
export const selectSigningOut = (s: S) => s.matches('signingOut');
