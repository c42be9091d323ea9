import type { SnapshotFrom } from 'xstate';
import type { adminSessionMachine } from './admin-session.machine.ts';
import { resolveRoute, visibleAreas, type AdminRoute } from './admin-route.rules.ts';
import type { AdminArea } from '../../../src/shared/admin/admin-areas.ts';

type S = SnapshotFrom<typeof adminSessionMachine>;

export const selectPhase = (s: S): 'loading' | 'enrolling' | 'signedOut' | 'signedIn' =>
  s.matches('enrolling') ? 'enrolling' : s.matches('signedOut') ? 'signedOut' : s.matches('signedIn') || s.matches('signingOut') ? 'signedIn' : 'loading';
export const selectStaff = (s: S) => s.context.staff;
export const selectNotice = (s: S) => s.context.notice;
export const selectEnrolment = (s: S) => s.context.enrolment;
export const selectEnrolStep = (s: S): 'loading' | 'ready' | 'registering' | 'failed' | null =>
  s.matches({ enrolling: 'loading' }) ? 'loading' : s.matches({ enrolling: 'ready' }) ? 'ready' : s.matches({ enrolling: 'registering' }) ? 'registering' : s.matches({ enrolling: 'failed' }) ? 'failed' : null;
export const selectSigningOut = (s: S) => s.matches('signingOut');
export const selectLocation = (s: S) => s.context.location;
export const selectHistory = (s: S) => s.context.history;
/** What the location opens for the signed-in member; null while nobody is signed in. */
export const selectRoute = (s: S): AdminRoute | null => (s.context.staff ? resolveRoute(s.context.location, s.context.staff.roles) : null);
/** The areas the navigation offers the signed-in member. */
export const selectAreas = (s: S): AdminArea[] => (s.context.staff ? visibleAreas(s.context.staff.roles) : []);
