/**
 * Where each audit event sits on the investor's process chart (machines/process, docs/statecharts/process.md), and
 * a short label for it: the journey view (issue 16) draws an investor's recorded steps as a path on that chart.
 * Pure, shared by the server (GET /api/admin/audit/journey/:userId) and the admin client.
 */

/** The process chart's page states an event can be placed in. */
export const JOURNEY_STATES = {
  disclosure: 'process.ready.disclosurePage',
  kyc: 'process.ready.kycPage',
  agreements: 'process.ready.agreementsPage',
  payment: 'process.ready.paymentPage',
  downloads: 'process.ready.downloadsPage',
} as const;

export type JourneyState = (typeof JOURNEY_STATES)[keyof typeof JOURNEY_STATES];

/** Longest prefix first: the first that matches decides. Sign-in and registration happen before the chart runs: null. */
const STATE_BY_PREFIX: readonly (readonly [prefix: string, state: JourneyState | null])[] = [
  ['auth.', null],
  ['disclosure.', JOURNEY_STATES.disclosure],
  ['kyc.', JOURNEY_STATES.kyc],
  ['admin.kyc.', JOURNEY_STATES.kyc],
  // The sealed copy is made after signing, for the downloads page; it belongs to the agreements step.
  ['legal.', JOURNEY_STATES.agreements],
  ['payment.', JOURNEY_STATES.payment],
  ['admin.money.', JOURNEY_STATES.payment],
];

export function journeyStateOf(action: string): JourneyState | null {
  for (const [prefix, state] of STATE_BY_PREFIX) if (action.startsWith(prefix)) return state;
  return null;
}

const LABELS: Record<string, string> = {
  'auth.register.code_requested': 'Registration code requested',
  'auth.register': 'Registered',
  'auth.login.code_requested': 'Sign-in code requested',
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.code.resent': 'Code sent again',
  'auth.code.resend_refused': 'Code resend refused',
  'auth.code.blocked': 'Code requests blocked',
  'auth.verify.failed': 'Wrong or expired code',
  'auth.verify.blocked': 'Code attempts blocked',
  'auth.verify.repeated': 'Code used again',
  'settings.update': 'Investment changed',
  'disclosure.section.opened': 'Disclosure section opened',
  'disclosure.section.completed': 'Disclosure section read',
  'disclosure.time_claim.reduced': 'Reading time corrected',
  'disclosure.completed': 'Disclosure completed',
  'kyc.step.saved': 'KYC details saved',
  'kyc.document.uploaded': 'KYC document uploaded',
  'kyc.completed': 'KYC submitted',
  'kyc.resubmitted': 'KYC resubmitted',
  'admin.kyc.approved': 'KYC approved by compliance',
  'admin.kyc.rejected': 'KYC rejected by compliance',
  'legal.draft.saved': 'Agreement draft saved',
  'legal.wallet.saved': 'Wallet address saved',
  'legal.agreement.signed': 'Agreement signed',
  'legal.agreement.sealed': 'Signed agreement sealed',
  'legal.completed': 'Agreements completed',
  'payment.initiated': 'Payment started',
  'payment.requoted': 'Crypto quote renewed',
  'payment.sent': 'Payment marked as sent',
  'payment.card_intent_created': 'Card payment opened',
  'payment.completed': 'Payment completed',
  'payment.held': 'Second payment held for refund (paid twice)',
  'payment.webhook_refused': 'Card notice refused',
  'admin.money.receipt': 'Funds received (finance)',
  'admin.money.refund': 'Refund (finance)',
  'admin.money.issue': 'Tokens issued (finance)',
};

/** A short label: the known ones by name, any other from its action ('kyc.step.saved' -> 'Kyc step saved'). */
export function journeyLabelOf(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

/**
 * The SHA-256 hashes of documents an event's detail names: every 64-hex value under a key ending in "sha256"
 * (sha256, presentedSha256), at any depth, in order, once each. The seal's certificate fingerprint is not a
 * document: left out.
 */
export function documentHashesOf(detail: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (typeof inner === 'string' && /sha256$/i.test(key) && !/fingerprint/i.test(key) && SHA256_HEX.test(inner)) {
        const hash = inner.toLowerCase();
        if (!found.includes(hash)) found.push(hash);
      } else visit(inner, depth + 1);
    }
  };
  visit(detail, 0);
  return found;
}
