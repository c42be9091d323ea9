import type { EnrolOptionsAnswer, SignedInStaff, StaffAuthAnswer } from '../../../src/shared/admin/sign-in.ts';

export type AdminSessionInput = {
  /** The enrolment link's secret when the page was opened at /admin/enrol#<secret>, else null. */
  enrolSecret: string | null;
  /** Where the tab was opened, under /admin ('/kyc/<id>'): shown once signed in. */
  location: string;
};

export type AdminSessionContext = {
  token: string | null;
  staff: SignedInStaff | null;
  enrolSecret: string | null;
  enrolment: EnrolOptionsAnswer | null;
  /** Shown on the sign-in screen (signed out by the server) or the enrolment screen (a refusal). */
  notice: string | null;
  /** Where the back-office is, under /admin (the address bar follows it). */
  location: string;
  /** How the address bar follows the last move: a new history entry, or in place (a redirect, a used link). */
  history: 'push' | 'replace';
};

export type AdminSessionEvent =
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'enrol.start' }
  | { type: 'enrol.toSignIn' }
  /** A link or a page asks to go somewhere in the back-office. */
  | { type: 'route.go'; location: string }
  /** The address bar changed by itself (Back, Forward, a typed address). */
  | { type: 'route.changed'; location: string };

export type RestoredSession = StaffAuthAnswer | null;
export type EnrolInput = { secret: string; options: EnrolOptionsAnswer['options'] };
export type SignOutInput = { token: string | null };
