/**
 * A short label for each audit event and the document hashes it names, for the journey view (issue 16), which draws
 * an investor's recorded steps on the investment's lifecycle chart (where: lifecycle-journey.ts, issue 27).
 * Pure, shared by the server (GET /api/admin/audit/journey/:userId) and the admin client.
 */
import { eurAmount } from './money.ts';

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
  'admin.kyc.first-approval': 'First of two KYC approvals (four-eyes)',
  'admin.kyc.approved': 'KYC approved by compliance',
  'admin.kyc.resubmission-requested': 'KYC steps asked for again by compliance',
  'admin.kyc.document-viewed': 'KYC document viewed by compliance',
  'admin.kyc.rejected': 'KYC rejected by compliance',
  'admin.kyc.assigned': 'KYC case taken, reassigned or let go by compliance',
  'admin.kyc.note': 'Internal note added to the KYC case by compliance',
  'kyc.check.screening': 'Screened against sanctions and PEP lists',
  'kyc.check.risk': 'Risk scored',
  'admin.kyc.screening-hit': 'Screening hit marked by compliance',
  'admin.kyc.edd': 'Enhanced due diligence item ticked or unticked by compliance',
  'screening.list_loaded': 'Screening list loaded',
  'kyc.reopened': 'KYC case reopened: a new list names the investor',
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
  'admin.money.refund_started': 'Refund started (finance)',
  'admin.money.refund_refused': 'Refund not made by the card provider',
  'admin.money.refund': 'Refund (finance)',
  'admin.money.issue': 'Tokens issued (finance)',
  'investment.statement.issued': 'Investment statement issued',
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

/**
 * What a staff member did, as a history says it with their name (issue 29): never the raw action code. An action
 * without a sentence of its own is its label, followed by who did it.
 */
const STAFF_DEEDS: Record<string, (name: string) => string> = {
  'admin.money.receipt': (name) => `Receipt recorded by ${name}`,
  'admin.money.refund_started': (name) => `Refund started by ${name}`,
  'admin.money.refund_refused': (name) => `Refund asked by ${name}, not made by the card provider`,
  'admin.money.refund': (name) => `Refund recorded by ${name}`,
  'admin.money.issue': (name) => `Tokens issued by ${name}`,
  'admin.kyc.first-approval': (name) => `First of two KYC approvals given by ${name}`,
  'admin.kyc.approved': (name) => `KYC approved by ${name}`,
  'admin.kyc.rejected': (name) => `KYC rejected by ${name}`,
  'admin.kyc.resubmission-requested': (name) => `KYC steps asked for again by ${name}`,
  'admin.kyc.document-viewed': (name) => `KYC document viewed by ${name}`,
  'admin.kyc.assigned': (name) => `KYC case taken, reassigned or let go by ${name}`,
  'admin.kyc.note': (name) => `Internal note added by ${name}`,
  'admin.kyc.screening-hit': (name) => `Screening hit marked by ${name}`,
  'admin.kyc.edd': (name) => `Enhanced due diligence item ticked or unticked by ${name}`,
};

/** One recorded event as a history line names it: who did what ('staffName': null when no staff member acted). */
export type AuditLineEvent = { action: string; staffId?: string | null; staffName: string | null; detail?: Record<string, unknown> };

const numberIn = (detail: Record<string, unknown> | undefined, key: string): number | null => (typeof detail?.[key] === 'number' ? (detail[key] as number) : null);

/** The amount or the tokens an event's detail names, in words ('EUR 1,000.00', '2,500 tokens'), or null. */
function factOf(detail: Record<string, unknown> | undefined): string | null {
  const cents = numberIn(detail, 'amountCents') ?? numberIn(detail, 'totalCents');
  if (cents !== null) return eurAmount(cents / 100);
  const tokens = numberIn(detail, 'tokenQuantity');
  return tokens !== null ? `${tokens.toLocaleString('en-GB', { maximumFractionDigits: 6 })} tokens` : null;
}

/** "Receipt recorded by Ana Ruiz: EUR 1,000.00"; an investor's or the system's step is its label ("Payment started: EUR 1,020.00"). */
export function auditLineOf({ action, staffId = null, staffName, detail }: AuditLineEvent): string {
  const name = staffName ?? (staffId ? 'a staff member no longer listed' : null);
  const deed = STAFF_DEEDS[action];
  const what = name === null ? journeyLabelOf(action) : deed ? deed(name) : `${journeyLabelOf(action)} (by ${name})`;
  const fact = factOf(detail);
  return fact ? `${what}: ${fact}` : what;
}
