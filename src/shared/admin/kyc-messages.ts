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
  notFound: 'Not found.',
  resubmitOnlyRequested: 'Only the steps the reviewer asked you to redo can be changed.',
} as const;
