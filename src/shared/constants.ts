/**
 * Business constants and timings of spec section 9, in one place. The enumerations of an area (process steps,
 * jurisdictions, statuses, fee rates) are in that area's contract file.
 */

export const TOKEN_UNIT = 'G2G';
export const AMOUNT_STEP = 100;
export const REGISTRATION_STEPS = 3;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'application/pdf'] as const;

export const VIEWER = { height: 600, zoomStart: 1, zoomStep: 0.2, zoomMin: 0.4, zoomMax: 3 } as const;

/** Disclosure reading (spec sections 4 "Disclosure sections" and 9). */
export const DISCLOSURE = {
  defaultMinReadingMinutes: 1,
  /** The viewer counts as scrolled to the end within this many pixels of the bottom. */
  scrollTolerancePx: 5,
  /** Reading time accrues by one second per tick while a section is open, not complete and the tab visible. */
  readingTickMs: 1_000,
  /** How often an open section's reading time is saved (besides open, close, completion and tab hidden). */
  progressSaveMs: 10_000,
  /** Seconds a time claim may exceed the server's own measure (request latency between open and save). */
  claimToleranceSeconds: 2,
} as const;

export const TIMINGS = {
  sessionExpiryCheckMs: 300_000,
  sessionTimerTickMs: 1_000,
  routePollMs: 200,
  kycAdvanceDelayMs: 1_000,
  cardSuccessRedirectMs: 3_000,
  cryptoWireRedirectMs: 2_000,
  cryptoVerifyMs: 1_500,
  wireVerifyMs: 1_000,
  copyConfirmationMs: 2_000,
  downloadSuccessResetMs: 2_000,
  downloadErrorResetMs: 3_000,
} as const;
