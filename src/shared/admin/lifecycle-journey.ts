/**
 * Where each of an investor's audit events sits on the investment's lifecycle chart (machines/investment, issue 27):
 * the journey view draws the recorded steps there. An event that is a business fact of the chart (the disclosure
 * completed, a KYC approval, funds received, tokens issued) is the transition it caused: it names the chart's event
 * (`fact`) and the state it led to. Any other event of the case (a section opened, a document uploaded, an agreement
 * signed) happened inside a state: it names the state the case was in then, with no fact. Sign-ins and the like are
 * not on the chart (null). Pure: the events in chain order in, one placement each out.
 */

/** `via`: the chart's transitions the fact took, as its audit event recorded them (empty for events before they did). */
export type LifecyclePlacement = { state: string | null; fact: string | null; via: string[] };

/** The transition ids an audit event's trace names (`lifecycle.via`), checked to be ids of the lifecycle chart. */
function tracedVia(detail: Detail): string[] {
  const via = field(field(detail, 'lifecycle') as Detail, 'via');
  return Array.isArray(via) ? via.filter((id): id is string => typeof id === 'string' && /^investment[\w.]*:[A-Z_.]+:\d+$/.test(id)) : [];
}

const S = {
  disclosure: 'investment.disclosure',
  kycCollecting: 'investment.kycCollecting',
  underReview: 'investment.case.review.underReview',
  firstApproval: 'investment.case.review.firstApprovalGiven',
  resubmission: 'investment.case.review.resubmissionRequested',
  approved: 'investment.case.review.approved',
  rejected: 'investment.case.review.rejected',
  agreements: 'investment.case.investing.agreements',
  choosing: 'investment.case.investing.payment.choosing',
  cardPending: 'investment.case.investing.payment.cardPending',
  awaitingFunds: 'investment.case.investing.payment.awaitingFunds',
  onHold: 'investment.case.investing.payment.onHold',
  settled: 'investment.case.investing.settled',
  paid: 'investment.case.investing.settled.paid',
  tokensIssued: 'investment.case.investing.settled.tokensIssued',
  refundPending: 'investment.case.investing.refundPending',
  refunded: 'investment.case.investing.refunded',
} as const;

export const LIFECYCLE_JOURNEY_STATES = S;

type Detail = Record<string, unknown> | null | undefined;
type Event = { action: string; detail?: unknown };

const field = (detail: Detail, key: string): unknown => (detail && typeof detail === 'object' ? (detail as Record<string, unknown>)[key] : undefined);

/** The investing state a recorded fact led to, from the trace its audit event carries (`lifecycle.to`), if any. */
function tracedInvesting(detail: Detail): string | null {
  const to = field(field(detail, 'lifecycle') as Detail, 'to');
  if (!Array.isArray(to)) return null;
  const leaf = to.find((s): s is string => typeof s === 'string' && s.startsWith('case.investing.'));
  return leaf ? `investment.${leaf}` : null;
}

export function placeOnLifecycle(events: readonly Event[]): LifecyclePlacement[] {
  // Where the case stands in each part of the chart, as the events so far left it.
  let kyc: string = S.kycCollecting;
  let review: string = S.underReview;
  let investing: string = S.agreements;
  const at = (state: string): LifecyclePlacement => ({ state, fact: null, via: [] });
  let detail: Detail = null;
  const to = (fact: string, state: string): LifecyclePlacement => ({ state, fact, via: tracedVia(detail) });

  return events.map(({ action, detail: raw }): LifecyclePlacement => {
    detail = raw as Detail;
    switch (action) {
      case 'auth.register':
        return at(S.disclosure);
      case 'disclosure.completed':
        return to('INVESTOR.DISCLOSURE_COMPLETED', S.kycCollecting);
      case 'kyc.step.saved':
      case 'kyc.document.uploaded':
        return at(kyc);
      case 'kyc.completed':
        kyc = review = S.underReview;
        return to('INVESTOR.KYC_SUBMITTED', S.underReview);
      case 'kyc.resubmitted':
        kyc = review = S.underReview;
        return to('INVESTOR.KYC_RESUBMITTED', S.underReview);
      case 'kyc.reopened':
        kyc = review = S.underReview;
        return to('MONITORING.NEW_HIT', S.underReview);
      case 'admin.kyc.document-viewed':
      case 'kyc.check.screening':
      case 'kyc.check.risk':
      case 'admin.kyc.screening-hit':
      case 'admin.kyc.edd':
        return at(review);
      case 'admin.kyc.first-approval':
        review = S.firstApproval;
        return to('STAFF.KYC_APPROVED', S.firstApproval);
      case 'admin.kyc.approved':
        review = S.approved;
        return to('STAFF.KYC_APPROVED', S.approved);
      case 'admin.kyc.rejected':
        review = S.rejected;
        return to('STAFF.KYC_REJECTED', S.rejected);
      case 'admin.kyc.resubmission-requested':
        kyc = review = S.resubmission;
        return to('STAFF.KYC_RESUBMISSION_REQUESTED', S.resubmission);
      case 'legal.completed':
        investing = S.choosing;
        return to('INVESTOR.AGREEMENTS_COMPLETED', S.choosing);
      case 'payment.card_intent_created':
        investing = S.cardPending;
        return to('INVESTOR.CARD_PAYMENT_STARTED', S.cardPending);
      case 'payment.sent':
        investing = S.awaitingFunds;
        return to('INVESTOR.TRANSFER_SENT', S.awaitingFunds);
      case 'payment.failed':
        investing = S.choosing;
        return to('PROVIDER.CARD_FAILED', S.choosing);
      case 'payment.completed':
        investing = S.paid;
        return to('PROVIDER.CARD_SUCCEEDED', S.paid);
      case 'payment.held':
        return to('PROVIDER.CARD_SUCCEEDED', S.settled);
      case 'admin.money.receipt': {
        if (field(detail, 'held') === 'PAID_TWICE') return to('STAFF.FUNDS_RECEIVED', S.settled);
        investing = field(detail, 'to') === 'COMPLETED' ? S.paid : S.onHold;
        return to('STAFF.FUNDS_RECEIVED', investing);
      }
      case 'admin.money.refund_started':
        // Under way (or, for money paid twice, the investment where it was), as the recorded trace says.
        investing = tracedInvesting(detail) ?? investing;
        return to('STAFF.REFUND_STARTED', investing);
      case 'admin.money.refund_refused':
        investing = tracedInvesting(detail) ?? investing;
        return to('PROVIDER.REFUND_REFUSED', investing);
      case 'admin.money.refund': {
        const fact = field(detail, 'method') === 'CARD' ? 'PROVIDER.REFUND_SUCCEEDED' : 'STAFF.REFUND_SENT';
        if (field(detail, 'investmentStillPaid') === true) return to(fact, S.settled);
        investing = S.refunded;
        return to(fact, S.refunded);
      }
      case 'admin.money.issue':
        investing = S.tokensIssued;
        return to('STAFF.TOKENS_ISSUED', S.tokensIssued);
      default:
        if (action.startsWith('disclosure.')) return at(S.disclosure);
        // The sealed copies are made after the signing, often once the case has moved on: where it is then.
        if (action.startsWith('legal.')) return at(investing);
        if (action.startsWith('payment.')) return at(investing);
        return { state: null, fact: null, via: [] };
    }
  });
}
