/**
 * The investor's statement as a document for the legal typesetter (pdf/legal-pdf.ts): the investment, payments and
 * receipts, refunds, the token issuance, the signed agreements with the SHA-256 of each sealed PDF, and the timeline,
 * from the facts as read (read-statement-facts.ts). Only words are chosen here; where the case stands was decided by
 * the status read. Money to the cent, times in UTC with the zone written, and every text made WinAnsi (the standard
 * fonts set nothing else) so a name in any script cannot stop the statement.
 */
import { formatEurCents, formatTokensSummary } from '../../../shared/format.ts';
import type { InvestmentStatusResponse } from '../../../shared/investment-status.ts';
import { STATEMENT_TITLE } from '../../../shared/investment-statement.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import type { LegalClause, LegalDocument } from '../../pdf/legal-pdf.ts';
import { readableUtc, shortUtc } from '../../pdf/signature-record.ts';
import { toWinAnsi } from '../../pdf/win-ansi.ts';
import type { StatementFacts } from './read-statement-facts.ts';

/** The seal's reason on a statement (the agreements' reason speaks of a signed document). */
export const STATEMENT_SEAL_REASON = 'Electronic seal of G2G Token Foundation on an investment statement issued by its investor portal';

/** The clauses' headings, in order. */
export const STATEMENT_HEADINGS = ['Investment', 'Payments and receipts', 'Refunds', 'Token issuance', 'Signed agreements', 'Timeline'] as const;

type Payment = NonNullable<InvestmentStatusResponse['payment']>;

/** "(a)", "(b)" ... "(z)", "(aa)": the typesetter indents a paragraph that starts with such a marker. */
export function listMarker(index: number): string {
  let letters = '';
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) letters = String.fromCharCode(97 + (n % 26)) + letters;
  return `(${letters})`;
}

const list = <T>(items: readonly T[], line: (item: T) => string): string[] => items.map((item, i) => `${listMarker(i)} ${line(item)}`);

const price = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6 });
const utc = (iso: string) => shortUtc(new Date(iso));

const REVIEW: Record<InvestmentStatusResponse['review']['standing'], string> = {
  collecting: 'not yet submitted',
  underReview: 'under review',
  resubmissionRequested: 'some steps were asked for again',
  approved: 'approved',
  rejected: 'not approved',
};

function stageWords(payment: Payment): string {
  switch (payment.stage) {
    case 'cardPending':
      return 'The card payment is under way.';
    case 'awaitingFunds':
      return 'The payment has not arrived yet.';
    case 'onHold':
      return payment.hold === 'underpaid'
        ? `Part of the payment was received; ${formatEurCents(payment.stillDueCents)} is still due.`
        : 'More than the amount due was received; the foundation will contact the investor about the difference.';
    case 'paid':
      return payment.paidAt ? `Paid in full on ${utc(payment.paidAt)}.` : 'Paid in full.';
    case 'refundPending':
      return 'The payment is being returned to the investor.';
    case 'refunded':
      return 'The payment was returned to the investor.';
  }
}

function investmentClause({ investor, investment, status }: StatementFacts): LegalClause {
  const who =
    investor.type === 'entity'
      ? `${investor.name} (an entity${investor.authorisedSignatory ? `, represented by its authorised signatory ${investor.authorisedSignatory}` : ''}), email ${investor.email}.`
      : `${investor.name} (an individual), email ${investor.email}.`;
  return {
    heading: 'Investment',
    paragraphs: [
      `Investor: ${who}`,
      investment
        ? `Amount committed: ${formatEurCents(Math.round(investment.amountEur * 100))}, for ${formatTokensSummary(investment.tokenQuantity)} tokens at ${price.format(investment.tokenPrice)} per token.`
        : 'No investment was committed.',
      `Identity verification: ${REVIEW[status.review.standing]}.`,
    ],
  };
}

function paymentClause({ status, payment: amounts, receipts }: StatementFacts): LegalClause {
  const payment = status.payment;
  if (!payment) {
    return { heading: 'Payments and receipts', paragraphs: [status.refunds.length ? 'No payment is under way; money returned is listed under Refunds.' : 'No payment was made yet.'] };
  }
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const reference = payment.reference ? `, reference ${payment.reference}` : '';
  return {
    heading: 'Payments and receipts',
    paragraphs: [
      amounts
        ? `Payment by ${method}${reference}: amount ${formatEurCents(amounts.amountCents)}, fee ${formatEurCents(amounts.feeCents)}, total ${formatEurCents(amounts.totalCents)}.`
        : `Payment by ${method}${reference}: total ${formatEurCents(payment.totalCents)}.`,
      `Received: ${formatEurCents(payment.receivedCents)}. Still due: ${formatEurCents(payment.stillDueCents)}. ${stageWords(payment)}`,
      ...(receipts.length ? ['Money received:', ...list(receipts, (r) => `${formatEurCents(r.amountCents)} received on ${r.receivedOn}.`)] : []),
    ],
  };
}

const refundsClause = ({ status }: StatementFacts): LegalClause => ({
  heading: 'Refunds',
  paragraphs: status.refunds.length
    ? list(status.refunds, (r) => `${formatEurCents(r.amountCents)} returned on ${utc(r.at)} (${PAYMENT_METHOD_LABELS[r.method]}).`)
    : ['No money was returned.'],
});

const tokensClause = ({ status: { tokens } }: StatementFacts): LegalClause => ({
  heading: 'Token issuance',
  paragraphs: tokens
    ? [`${formatTokensSummary(tokens.quantity)} tokens were issued on ${utc(tokens.issuedAt)} to the wallet ${tokens.wallet}.`, `Transaction hash: ${tokens.transactionHash}`]
    : ['No tokens were issued yet.'],
});

const agreementsClause = ({ agreements }: StatementFacts): LegalClause => ({
  heading: 'Signed agreements',
  paragraphs: agreements.length
    ? [
        'Each agreement as signed and sealed, with the SHA-256 of its sealed PDF (the file the investor downloads, which /verify checks):',
        ...list(agreements, (a) =>
          a.sha256
            ? `${a.title}, signed on ${shortUtc(a.signedAt)}. SHA-256: ${a.sha256}`
            : `${a.title}, signed on ${shortUtc(a.signedAt)}; its sealed copy was still being made when this statement was issued.`,
        ),
      ]
    : ['No agreement was signed yet.'],
});

const timelineClause = ({ status }: StatementFacts): LegalClause => ({
  heading: 'Timeline',
  paragraphs: status.timeline.length ? list(status.timeline, (fact) => `${utc(fact.at)}: ${fact.words}`) : ['Nothing has happened on the case yet.'],
});

const winAnsi = (text: string) => toWinAnsi(text).text;

export function statementDocument(facts: StatementFacts, issuedAt: Date): LegalDocument {
  const { investor, status } = facts;
  const clauses = [investmentClause, paymentClause, refundsClause, tokensClause, agreementsClause, timelineClause].map((clause) => clause(facts));
  return {
    title: STATEMENT_TITLE,
    subject: 'Statement of an investment in G2G tokens',
    subtitle: winAnsi(`For ${investor.name} - issued ${shortUtc(issuedAt)}`),
    preamble: [
      `This statement sets out the investment of ${investor.name} with G2G Token Foundation as the investor portal recorded it on ${readableUtc(issuedAt)} (version ${status.version} of the investment's record). All times are in UTC.`,
      `Where it stands: ${status.headline}`,
    ].map(winAnsi),
    clauses: clauses.map((c) => ({ heading: c.heading, paragraphs: c.paragraphs.map(winAnsi) })),
    closing: [
      'This statement was issued by the G2G investor portal and sealed with the electronic seal of G2G Token Foundation. Whether a copy is exactly the file issued can be checked on the portal\'s /verify page, which answers from the file\'s SHA-256 alone.',
    ],
  };
}
