/**
 * The investment's lifecycle (issue 27): one investor's case from registration to tokens issued or money returned,
 * as the business knows it. Pure: no server, browser or provider code. The server keeps one snapshot of it per
 * investor and asks it whether each business fact (an event with its actor) is allowed where the case stands; the
 * back-office draws it for auditors; the path tests replay it through the real API.
 *
 * Once KYC is submitted two things run at once: the compliance review, and the investor's agreements and payment
 * (the portal lets an investor sign and pay while the review is under way). The investing steps read the review's
 * standing (`context.kyc`): agreements and starting a payment need it under review or approved; tokens need it
 * approved. Money that already moved (a card charged, funds received) is always recorded, whatever the review says:
 * it is then on record to be settled or returned.
 */
import { and, assign, setup } from 'xstate';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';
import { dueDiligenceDone, heldComplianceBeforeSubmission, initialCaseContext, kycAllowsProgress, needsTwoApprovals, sameWallet, settlesExactly } from './investment.rules.ts';
import type { InvestmentContext, InvestmentEvent, InvestmentInput, KycStanding } from './investment.types.ts';

type E<T extends InvestmentEvent['type']> = Extract<InvestmentEvent, { type: T }>;
const paymentIdOf = (event: InvestmentEvent): string | null => ('paymentId' in event ? event.paymentId : null);

export const investmentMachine = setup({
  types: {
    context: {} as InvestmentContext,
    events: {} as InvestmentEvent,
    input: {} as InvestmentInput,
  },
  guards: {
    needsTwoApprovalsAndHeldCompliance: ({ context, event }) => {
      const e = event as E<'STAFF.KYC_APPROVED'>;
      return needsTwoApprovals(context.amountCents, e.fourEyesAboveCents, e.riskLevel) && heldComplianceBeforeSubmission(e.reviewer, context.kycSubmittedAt);
    },
    oneApprovalDecides: ({ context, event }) => {
      const e = event as E<'STAFF.KYC_APPROVED'>;
      return !needsTwoApprovals(context.amountCents, e.fourEyesAboveCents, e.riskLevel);
    },
    isDueDiligenceDone: ({ event }) => {
      const e = event as E<'STAFF.KYC_APPROVED'>;
      return dueDiligenceDone(e.riskLevel, e.enhancedDueDiligence);
    },
    isSecondReviewer: ({ context, event }) => {
      const { reviewer } = event as E<'STAFF.KYC_APPROVED'>;
      return reviewer.staffId !== context.firstApprover && heldComplianceBeforeSubmission(reviewer, context.kycSubmittedAt);
    },
    isAnotherReviewer: ({ context, event }) => (event as E<'STAFF.KYC_APPROVED'>).reviewer.staffId !== context.firstApprover,
    namesStepsToReopen: ({ event }) => (event as E<'STAFF.KYC_RESUBMISSION_REQUESTED'>).steps.length > 0,
    kycAllowsProgress: ({ context }) => kycAllowsProgress(context),
    isKycApproved: ({ context }) => context.kyc === 'approved',
    isKycRejected: ({ context }) => context.kyc === 'rejected',
    isTheAwaitedPayment: ({ context, event }) => context.payment !== null && paymentIdOf(event) === context.payment.id,
    isAnotherPayment: ({ context, event }) => paymentIdOf(event) !== null && paymentIdOf(event) !== context.payment?.id,
    settlesExactly: ({ context, event }) => {
      const e = event as E<'STAFF.FUNDS_RECEIVED'>;
      return context.payment?.id === e.paymentId && context.payment.method !== 'CARD' && settlesExactly(context.payment, e.amountCents);
    },
    leavesADifference: ({ context, event }) => {
      const e = event as E<'STAFF.FUNDS_RECEIVED'>;
      return context.payment?.id === e.paymentId && context.payment.method !== 'CARD' && !settlesExactly(context.payment, e.amountCents);
    },
    isHeldTwice: ({ context, event }) => context.heldTwice.includes(paymentIdOf(event) ?? ''),
    isFreshPayment: ({ context, event }) => !context.heldTwice.includes(paymentIdOf(event) ?? ''),
    isTheRefundUnderWay: ({ context, event }) => context.refund !== null && paymentIdOf(event) === context.refund.paymentId,
    refundCameFromPaid: ({ context }) => context.refund?.from === 'paid',
    isTheSignedWallet: ({ context, event }) => sameWallet((event as E<'STAFF.TOKENS_ISSUED'>).wallet, context.signedWallet),
  },
  actions: {
    noteKycStanding: assign((_, params: { standing: KycStanding }) => ({ kyc: params.standing })),
    startReviewRound: assign(({ context, event }) => ({
      kycRound: context.kycRound + 1,
      kycSubmittedAt: (event as E<'INVESTOR.KYC_SUBMITTED'>).at,
      firstApprover: null,
      resubmissionSteps: [],
    })),
    recordFirstApproval: assign(({ event }) => ({ firstApprover: (event as E<'STAFF.KYC_APPROVED'>).reviewer.staffId })),
    reopenSteps: assign(({ event }) => ({ resubmissionSteps: [...(event as E<'STAFF.KYC_RESUBMISSION_REQUESTED'>).steps], firstApprover: null })),
    keepSignedWallet: assign(({ event }) => ({ signedWallet: (event as E<'INVESTOR.AGREEMENTS_COMPLETED'>).wallet })),
    openCardPayment: assign(({ event }) => {
      const e = event as E<'INVESTOR.CARD_PAYMENT_STARTED'>;
      return { payment: { id: e.paymentId, method: 'CARD' as const, dueCents: e.dueCents, receivedCents: 0 } };
    }),
    openTransfer: assign(({ event }) => {
      const e = event as E<'INVESTOR.TRANSFER_SENT'>;
      return { payment: { id: e.paymentId, method: e.method, dueCents: e.dueCents, receivedCents: 0 } };
    }),
    closePayment: assign({ payment: null }),
    addReceipt: assign(({ context, event }) => {
      const { amountCents } = event as E<'STAFF.FUNDS_RECEIVED'>;
      return { payment: context.payment && { ...context.payment, receivedCents: context.payment.receivedCents + amountCents } };
    }),
    settleByCard: assign(({ context, event }) => {
      const e = event as E<'PROVIDER.CARD_SUCCEEDED'>;
      const earlier = context.payment;
      // A transfer that had money arrive (held) while the card settled: that money came twice.
      const heldTwice = earlier && earlier.id !== e.paymentId && earlier.receivedCents > 0 ? [...context.heldTwice, earlier.id] : context.heldTwice;
      return { payment: { id: e.paymentId, method: 'CARD' as const, dueCents: e.amountCents, receivedCents: e.amountCents }, heldTwice };
    }),
    holdTwice: assign(({ context, event }) => {
      const id = paymentIdOf(event)!;
      return { heldTwice: context.heldTwice.includes(id) ? context.heldTwice : [...context.heldTwice, id] };
    }),
    startReturnOfHeld: assign(({ context, event }) => ({ returning: [...context.returning.filter((id) => id !== paymentIdOf(event)), paymentIdOf(event)!] })),
    dropReturnOfHeld: assign(({ context, event }) => ({ returning: context.returning.filter((id) => id !== paymentIdOf(event)) })),
    releaseHeldTwice: assign(({ context, event }) => ({
      heldTwice: context.heldTwice.filter((id) => id !== paymentIdOf(event)),
      returning: context.returning.filter((id) => id !== paymentIdOf(event)),
    })),
    startRefund: assign(({ event }, params: { from: 'paid' | 'onHold' }) => ({ refund: { paymentId: paymentIdOf(event)!, from: params.from } })),
    finishRefund: assign({ refund: null, payment: null }),
    dropRefund: assign({ refund: null }),
    recordIssuance: assign(({ event }) => {
      const e = event as E<'STAFF.TOKENS_ISSUED'>;
      return { issuance: { wallet: e.wallet, transactionHash: e.transactionHash } };
    }),
  },
}).createMachine({
  id: 'investment',
  description:
    "One investor's investment, from registration to tokens issued or money returned: the server's record of where each case stands, and the rules for every step.",
  meta: {
    descriptions: {
      guards: {
        needsTwoApprovalsAndHeldCompliance:
          'The amount is above the four-eyes threshold set in Settings or the case is scored high risk, and the reviewer has held the compliance role since before this round was submitted: their approval is the first of two.',
        oneApprovalDecides: 'The amount is not above the four-eyes threshold set in Settings and the case is not scored high risk: one approval decides.',
        isDueDiligenceDone: 'The case is not scored high risk, or its enhanced-due-diligence checklist for this round is complete.',
        isSecondReviewer:
          'The reviewer is not the one who gave the first approval, and has held the compliance role since before this round was submitted.',
        isAnotherReviewer: 'The reviewer is not the one who gave the first approval.',
        namesStepsToReopen: 'The reviewer named at least one KYC step to do again.',
        kycAllowsProgress: 'The KYC review is under way or approved (not rejected, and no resubmission is being asked for).',
        isKycApproved: 'The KYC review approved the investor.',
        isKycRejected: 'The KYC review rejected the investor.',
        isTheAwaitedPayment: 'The fact is about the payment the investment is waiting on.',
        isAnotherPayment: 'The fact is about a payment other than the one that settled the investment.',
        settlesExactly: 'With these funds, the payment has received exactly the amount due: not a cent more or less.',
        leavesADifference: 'With these funds, the payment has received less or more than the amount due.',
        isHeldTwice: 'The payment is one whose money arrived after another payment had settled the investment.',
        isFreshPayment: 'The payment is not one already held as paid twice (that money is only ever returned).',
        isTheRefundUnderWay: 'The fact is about the refund under way.',
        refundCameFromPaid: 'The refund was started on a paid investment.',
        isTheSignedWallet: 'The tokens go to the wallet named in the agreements the investor signed.',
      },
      actions: {
        noteKycStanding: "Notes where the KYC review stands, for the investor's agreements and payment.",
        startReviewRound: 'Starts a review round: its number, when it was submitted; approvals of earlier rounds no longer count.',
        recordFirstApproval: 'Records who gave the first approval.',
        reopenSteps: 'Reopens the KYC steps the reviewer named; approvals given so far no longer count.',
        keepSignedWallet: 'Records the wallet named in the signed agreements.',
        openCardPayment: 'Records the card payment the investor started and the amount due with its fee.',
        openTransfer: 'Records the crypto or wire payment the investor says they sent and the amount due with its fee.',
        closePayment: 'The failed card payment no longer counts.',
        addReceipt: 'Adds the funds received to what the payment has received.',
        settleByCard: 'The card payment settles the investment; money already received for a transfer is held to be returned.',
        holdTwice: 'Holds the payment as paid twice: its money goes back to the investor.',
        startReturnOfHeld: 'Records that the money paid twice is on its way back.',
        dropReturnOfHeld: 'The return of the money paid twice did not happen: it is still held.',
        releaseHeldTwice: 'The money paid twice went back.',
        startRefund: 'Records the refund under way and where the case returns if it fails.',
        finishRefund: 'The money is back with the investor: no payment holds the investment any more.',
        dropRefund: 'The refund did not happen: nothing was returned.',
        recordIssuance: 'Records the wallet and the transaction that sent the tokens.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => initialCaseContext(input),
  initial: 'disclosure',
  states: {
    disclosure: {
      description: 'Registered with a verified e-mail address; the investor reads each disclosure document for its minimum time.',
      on: {
        'INVESTOR.DISCLOSURE_COMPLETED': { target: 'kycCollecting', description: 'The investor has read every disclosure document and completes the step.' },
      },
    },
    kycCollecting: {
      description: 'The investor provides the five KYC parts: identity document, selfie, proof of address and the AML questions.',
      on: {
        'INVESTOR.KYC_SUBMITTED': {
          target: 'case',
          actions: 'startReviewRound',
          description: 'The investor submits the KYC for review; from now on the review and the investing steps run side by side.',
        },
      },
    },
    case: {
      type: 'parallel',
      description: 'KYC submitted: compliance reviews it while the investor signs the agreements and pays.',
      states: {
        review: {
          initial: 'underReview',
          description: "Compliance's review of the KYC, round by round.",
          states: {
            underReview: {
              description: 'The KYC waits for a compliance reviewer in the queue.',
              entry: { type: 'noteKycStanding', params: { standing: 'underReview' } },
              on: {
                'STAFF.KYC_APPROVED': [
                  {
                    guard: 'oneApprovalDecides',
                    target: 'approved',
                    description: 'A compliance reviewer approves; at or below the four-eyes threshold, and not high risk, their approval decides.',
                  },
                  {
                    guard: and(['needsTwoApprovalsAndHeldCompliance', 'isDueDiligenceDone']),
                    target: 'firstApprovalGiven',
                    actions: 'recordFirstApproval',
                    description:
                      'A compliance reviewer approves an amount above the four-eyes threshold, or a high-risk case once its enhanced due diligence is done: a second, different reviewer must approve too.',
                  },
                ],
                'STAFF.KYC_REJECTED': { target: 'rejected', description: 'A compliance reviewer rejects the KYC, with a reason.' },
                'STAFF.KYC_RESUBMISSION_REQUESTED': {
                  guard: 'namesStepsToReopen',
                  target: 'resubmissionRequested',
                  actions: 'reopenSteps',
                  description: 'A compliance reviewer asks the investor to do some steps again, with a message.',
                },
              },
            },
            firstApprovalGiven: {
              description: 'Above the four-eyes threshold: one reviewer approved, the case waits for a second, different one.',
              entry: { type: 'noteKycStanding', params: { standing: 'underReview' } },
              on: {
                'STAFF.KYC_APPROVED': [
                  {
                    guard: and(['isSecondReviewer', 'isDueDiligenceDone']),
                    target: 'approved',
                    description: 'A second, different compliance reviewer approves (a high-risk case with its enhanced due diligence done): the KYC is approved.',
                  },
                  {
                    guard: and(['oneApprovalDecides', 'isAnotherReviewer']),
                    target: 'approved',
                    description: 'The four-eyes threshold was raised above the amount since the first approval, and the case is not high risk: another reviewer approves alone.',
                  },
                ],
                'STAFF.KYC_REJECTED': { target: 'rejected', description: 'A compliance reviewer rejects the KYC despite the first approval.' },
                'STAFF.KYC_RESUBMISSION_REQUESTED': {
                  guard: 'namesStepsToReopen',
                  target: 'resubmissionRequested',
                  actions: 'reopenSteps',
                  description: 'A compliance reviewer asks for steps again; the first approval no longer counts.',
                },
                'MONITORING.NEW_HIT': {
                  target: 'underReview',
                  actions: 'startReviewRound',
                  description: 'A newly loaded list names someone like the investor: a new round starts and the first approval no longer counts.',
                },
              },
            },
            resubmissionRequested: {
              description: 'The investor does the reopened KYC steps again; agreements and new payments wait.',
              entry: { type: 'noteKycStanding', params: { standing: 'resubmissionRequested' } },
              on: {
                'INVESTOR.KYC_RESUBMITTED': {
                  target: 'underReview',
                  actions: 'startReviewRound',
                  description: 'The investor submits the steps again: a new review round starts.',
                },
              },
            },
            approved: {
              description: 'The KYC is approved: tokens may be issued once the investment is paid.',
              entry: { type: 'noteKycStanding', params: { standing: 'approved' } },
              on: {
                'MONITORING.NEW_HIT': {
                  target: 'underReview',
                  actions: 'startReviewRound',
                  description: 'A newly loaded sanctions or PEP list names someone like the investor: the case goes back to compliance as a new round.',
                },
              },
            },
            rejected: {
              description: 'The KYC is rejected: the investor goes no further, and any money received is returned.',
              entry: { type: 'noteKycStanding', params: { standing: 'rejected' } },
            },
          },
        },
        investing: {
          initial: 'agreements',
          description: "The investor's agreements, payment and tokens.",
          // Money paid twice goes back whatever happens to the payment that settled the investment.
          on: {
            'STAFF.REFUND_STARTED': { guard: 'isHeldTwice', actions: 'startReturnOfHeld', description: 'Finance returns money paid twice.' },
            'PROVIDER.REFUND_SUCCEEDED': { guard: 'isHeldTwice', actions: 'releaseHeldTwice', description: 'The card provider returned the money paid twice.' },
            'STAFF.REFUND_SENT': { guard: 'isHeldTwice', actions: 'releaseHeldTwice', description: 'Finance sent back the money paid twice.' },
            'PROVIDER.REFUND_REFUSED': { guard: 'isHeldTwice', actions: 'dropReturnOfHeld', description: 'The card provider refused to return the money paid twice: it stays held.' },
          },
          states: {
            agreements: {
              description: 'The investor signs the seven agreements and names the wallet for the tokens.',
              on: {
                'INVESTOR.AGREEMENTS_COMPLETED': {
                  guard: 'kycAllowsProgress',
                  target: 'payment',
                  actions: 'keepSignedWallet',
                  description: 'The investor has signed all seven agreements; the sealed documents name the wallet.',
                },
              },
            },
            payment: {
              initial: 'choosing',
              description: 'The investment is not paid yet.',
              on: {
                'PROVIDER.CARD_SUCCEEDED': {
                  guard: 'isFreshPayment',
                  target: 'settled',
                  actions: 'settleByCard',
                  description: 'The card provider says a card payment of this investment succeeded: the money is taken, the investment is paid.',
                },
              },
              states: {
                choosing: {
                  description: 'The investor chooses card, crypto or wire.',
                  on: {
                    'INVESTOR.CARD_PAYMENT_STARTED': {
                      guard: and(['kycAllowsProgress', 'isFreshPayment']),
                      target: 'cardPending',
                      actions: 'openCardPayment',
                      description: 'The investor starts paying by card.',
                    },
                    'INVESTOR.TRANSFER_SENT': {
                      guard: 'isFreshPayment',
                      target: 'awaitingFunds',
                      actions: 'openTransfer',
                      description:
                        'The investor says they sent the crypto or the wire transfer they started (starting one needed the review under way or approved; what was sent is recorded whatever the review says since).',
                    },
                  },
                },
                cardPending: {
                  // Another card can be tried on the same attempt (the provider keeps it open after a decline); a new
                  // attempt starts only after this one failed, from choosing.
                  description: 'A card payment is under way with the card provider (3-D Secure, processing, or a declined card to try again).',
                  on: {
                    'PROVIDER.CARD_FAILED': {
                      guard: 'isTheAwaitedPayment',
                      target: 'choosing',
                      actions: 'closePayment',
                      description: 'The card provider says the card payment failed: nothing was taken.',
                    },
                    'INVESTOR.TRANSFER_SENT': {
                      guard: 'isFreshPayment',
                      target: 'awaitingFunds',
                      actions: 'openTransfer',
                      description: 'The investor leaves the card and says they sent crypto or a wire transfer instead.',
                    },
                  },
                },
                awaitingFunds: {
                  description: 'The investor says the money is sent; finance waits to see it arrive.',
                  on: {
                    'STAFF.FUNDS_RECEIVED': [
                      { guard: 'settlesExactly', target: '#investment.case.investing.settled', actions: 'addReceipt', description: 'Finance records the exact amount due as received: the investment is paid.' },
                      { guard: 'leavesADifference', target: 'onHold', actions: 'addReceipt', description: 'Finance records funds that are less or more than due: the payment is held.' },
                    ],
                  },
                },
                onHold: {
                  description: 'The funds received differ from the amount due: finance settles the difference or returns the money.',
                  on: {
                    'STAFF.FUNDS_RECEIVED': [
                      { guard: 'settlesExactly', target: '#investment.case.investing.settled', actions: 'addReceipt', description: 'Further funds bring the total to exactly the amount due: the investment is paid.' },
                      { guard: 'leavesADifference', actions: 'addReceipt', description: 'Further funds still leave a difference: the payment stays held.' },
                    ],
                    'STAFF.REFUND_STARTED': {
                      guard: 'isTheAwaitedPayment',
                      target: '#investment.case.investing.refundPending',
                      actions: { type: 'startRefund', params: { from: 'onHold' } },
                      description: 'Finance returns the held money.',
                    },
                  },
                },
              },
            },
            settled: {
              initial: 'paid',
              description: 'Exactly one payment settled the investment. Money that arrives for any other payment is held and returned.',
              on: {
                'PROVIDER.CARD_SUCCEEDED': { guard: 'isAnotherPayment', actions: 'holdTwice', description: 'A second card payment succeeded: it is held as paid twice, to be returned.' },
                'STAFF.FUNDS_RECEIVED': { guard: 'isAnotherPayment', actions: 'holdTwice', description: 'Funds arrived for a second payment: they are held as paid twice, to be returned.' },
              },
              states: {
                paid: {
                  description: 'The investment is paid; tokens wait for the KYC approval.',
                  on: {
                    'STAFF.TOKENS_ISSUED': {
                      guard: and(['isKycApproved', 'isTheSignedWallet']),
                      target: 'tokensIssued',
                      actions: 'recordIssuance',
                      description: 'Finance records the tokens sent on chain to the signed wallet.',
                    },
                    'STAFF.REFUND_STARTED': {
                      guard: and(['isKycRejected', 'isTheAwaitedPayment']),
                      target: '#investment.case.investing.refundPending',
                      actions: { type: 'startRefund', params: { from: 'paid' } },
                      description: 'The KYC was rejected: finance returns the payment.',
                    },
                  },
                },
                tokensIssued: {
                  description: 'The tokens are in the signed wallet: the investment is complete.',
                },
              },
            },
            refundPending: {
              description: 'A refund is under way: the card provider is asked (a transfer sent back by hand is recorded at once).',
              on: {
                // No card can be charged meanwhile: a transfer's refund is recorded in the transaction that starts it, and
                // a card being refunded is the investment's only card. Money for a transfer can still arrive.
                'STAFF.FUNDS_RECEIVED': { guard: 'isAnotherPayment', actions: 'holdTwice', description: 'Funds arrived meanwhile for another payment: they are held, to be returned.' },
                'PROVIDER.REFUND_SUCCEEDED': { guard: 'isTheRefundUnderWay', target: 'refunded', actions: 'finishRefund', description: 'The card provider returned the money.' },
                'STAFF.REFUND_SENT': { guard: 'isTheRefundUnderWay', target: 'refunded', actions: 'finishRefund', description: "Finance sent the money back and recorded the outgoing transfer's reference." },
                // Only a card refund can be refused, and a card is never held for a difference: a refused refund was of a
                // paid investment.
                'PROVIDER.REFUND_REFUSED': {
                  guard: and(['isTheRefundUnderWay', 'refundCameFromPaid']),
                  target: 'settled.paid',
                  actions: 'dropRefund',
                  description: 'The card provider refused the refund: the investment is still paid.',
                },
              },
            },
            refunded: {
              description: 'The money is back with the investor; they may pay again if the KYC still allows it.',
              on: {
                'PROVIDER.CARD_SUCCEEDED': {
                  guard: 'isFreshPayment',
                  target: 'settled',
                  actions: 'settleByCard',
                  description: 'A card payment left open (in another tab) went through after the refund: the investment is paid by it.',
                },
                'INVESTOR.CARD_PAYMENT_STARTED': {
                  guard: and(['kycAllowsProgress', 'isFreshPayment']),
                  target: 'payment.cardPending',
                  actions: 'openCardPayment',
                  description: 'The investor pays again, by card.',
                },
                'INVESTOR.TRANSFER_SENT': {
                  guard: 'isFreshPayment',
                  target: 'payment.awaitingFunds',
                  actions: 'openTransfer',
                  description: 'The investor pays again and says they sent crypto or a wire transfer.',
                },
              },
            },
          },
        },
      },
    },
  },
});
