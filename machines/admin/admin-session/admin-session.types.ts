import type { EnrolOptionsAnswer, SignedInStaff, StaffAuthAnswer } from '../../../src/shared/admin/sign-in.ts';

export type AdminSessionInput = {
  /** The enrolment link's secret when the page was opened at /admin/enrol#<secret>, else null. */
  enrolSecret: string | null;
};

export type AdminSessionContext = {
  token: string | null;
  staff: SignedInStaff | null;
  enrolSecret: string | null;
  enrolment: EnrolOptionsAnswer | null;
  /** Shown on the sign-in screen (signed out by the server) or the enrolment screen (a refusal). */
  notice: string | null;
};

export type AdminSessionEvent =
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'enrol.start' }
  | { type: 'enrol.toSignIn' };

export type RestoredSession = StaffAuthAnswer | null;
export type EnrolInput = { secret: string; options: EnrolOptionsAnswer['options'] };
export type SignOutInput = { token: string | null };
