/**
 * The back-office's words (issue 15). Kept apart from the investor catalogue (src/shared/messages.ts), which the login
 * page's first script carries: nothing of the back-office may make that script grow.
 */
export const adminMessages = {
  noToken: 'Please sign in to the back-office.',
  invalidToken: 'Your back-office session has ended. Please sign in again.',
  forbidden: 'Your role does not allow this action.',
  disabled: 'This staff account is disabled.',
  notFound: 'Not found.',
} as const;
