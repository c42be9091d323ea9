/**
 * The investment process's steps, in order (spec section 2), and their paths. Stored as they are in
 * user_details.current_step; every area's answer that names a step uses this enumeration.
 */

export const PROCESS_STEPS = ['disclosure', 'kyc', 'agreements', 'payment', 'complete'] as const;
export type ProcessStep = (typeof PROCESS_STEPS)[number];

/** Spec section 2: a path containing kyc, agreements, payment or complete selects that step, otherwise disclosure. */
export function stepFromPath(path: string): ProcessStep {
  for (const step of ['kyc', 'agreements', 'payment', 'complete'] as const) if (path.includes(step)) return step;
  return 'disclosure';
}

export const pathOfStep = (step: ProcessStep): string => `/process/${step}`;

/** The signed documents' page: no step, open from every step. */
export const DOWNLOADS_PATH = '/process/downloads';
