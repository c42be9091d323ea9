/** Business constants and timings of spec section 9, in one place. */

export const TOKEN_UNIT = 'G2G';
export const AMOUNT_STEP = 100;
export const REGISTRATION_STEPS = 3;

export const PRIMARY_JURISDICTIONS = ['uk', 'eu', 'us', 'other'] as const;
export type PrimaryJurisdiction = (typeof PRIMARY_JURISDICTIONS)[number];
export const PRIMARY_JURISDICTION_LABELS: Record<PrimaryJurisdiction, string> = {
  uk: 'United Kingdom',
  eu: 'European Union',
  us: 'United States',
  other: 'Other',
};

export const INVESTOR_TYPES = ['individual', 'entity'] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];

/** The fixed placeholder password the login call sends (spec section 3, "Login payload"). */
export const LOGIN_PLACEHOLDER_PASSWORD = 'placeholder-password';

export const PROCESS_STEPS = ['disclosure', 'kyc', 'agreements', 'payment', 'complete'] as const;
export type ProcessStep = (typeof PROCESS_STEPS)[number];

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

export const FEE_RATES = { CARD: 0.04, CRYPTO: 0.01, WIRE: 0, BANK_TRANSFER: 0 } as const;

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

export const STORAGE_KEYS = { token: 'authToken', user: 'user', userDetailsId: 'userDetailsId' } as const;

/** One-time email codes (OWASP ASVS 5.0 chapter 6 figures). */
export const EMAIL_CODE = {
  length: 6,
  ttlSeconds: 600,
  resendCooldownMs: 60_000,
  maxAttempts: 5,
  /** No limit may keep a real investor out for longer than this. */
  maxLockoutSeconds: 900,
} as const;
