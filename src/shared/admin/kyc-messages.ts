/** The words of the KYC review (issue 15), apart from the investor catalogue. */
export const kycReviewMessages = {
  unknownDecision: 'Please choose approve, reject or request resubmission.',
  unknownStep: 'Unknown step to redo.',
  reasonRequired: 'Please give the reason for the rejection.',
  stepsRequired: 'Please choose at least one step the investor must redo.',
  messageRequired: 'Please write the message the investor will read.',
  roundRequired: 'The review round the decision is for is missing.',
  textTooLong: 'This text is too long.',
  badCursor: 'This page of the queue is no longer valid. Please reload the queue.',
  notUnderReview: 'This case is not awaiting review: it has been decided already. Reload it to see its status.',
  staleRound: 'This case was resubmitted or decided since you opened it. Reload it before deciding.',
  alreadyApproved: 'You have already approved this case. A different reviewer must give the second approval.',
  complianceAfterSubmission:
    'You were given the compliance role after this case was submitted for review, so your approval cannot count towards its two approvals. A reviewer who held the role before the submission must approve it.',
  notFound: 'Not found.',
  resubmitOnlyRequested: 'Only the steps the reviewer asked you to redo can be changed.',
  // Case work (issue 29): who holds a case, internal notes.
  noteEmpty: 'Please write the note first.',
  requestIdRequired: 'The request id is missing or not a UUID.',
  requestIdUsed: 'This request id was already used for a note on another case. Send the note again.',
  staffIdInvalid: 'Choose a reviewer from the list.',
  notAReviewer: 'Only an active member of the compliance team can hold a case.',
  heldByOther: (name: string) => `This case is now held by ${name}. Look at it again before you change who holds it.`,
  heldByNobody: 'Nobody holds this case any more. Look at it again before you change who holds it.',
  unknownAssigneeFilter: 'Filter by "me", "none" or a reviewer.',
  unknownSort: 'Sort the queue by age, amount or country.',
  unknownCountry: 'Filter by one of the countries of residence listed.',
  // Reviewer aids (issue 30).
  hitNotFound: 'This screening hit does not exist for this investor.',
  eddItemUnknown: 'This is not an item of the enhanced due diligence checklist.',
  eddIncomplete: 'This case is scored high risk: complete the enhanced due diligence checklist before approving it.',
} as const;

/** The emails an investor gets when a reviewer decides (plain text; the reviewer's own words quoted as written). */
export const kycReviewMails = {
  approved: () => ({
    subject: 'Your identity verification is approved',
    text: 'Good news: our compliance team has approved your identity verification (KYC).\n\nYou can continue with your investment in the investor portal.\n',
  }),
  rejected: (reason: string) => ({
    subject: 'Your identity verification was not approved',
    text: `Our compliance team could not approve your identity verification (KYC).\n\nReason given by the reviewer:\n${reason}\n\nIf you have questions, please reply to this email.\n`,
  }),
  resubmission: (message: string, steps: readonly string[]) => ({
    subject: 'Please update your identity verification',
    text: `Our compliance team asks you to redo part of your identity verification (KYC).\n\nMessage from the reviewer:\n${message}\n\nWhat to redo:\n${steps.map((s) => `- ${s}`).join('\n')}\n\nPlease sign in to the investor portal: the KYC page shows what to do. Everything else you submitted stays as it is.\n`,
  }),
} as const;
