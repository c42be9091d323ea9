/** Signing in (auth.ts): the session, the login form and the one-time email codes. */
export const authMessages = {
  session: {
    expiredPeriodic: 'Your session has expired. Please log in again.',
    expired401: 'Session expired. Please log in again.',
    noToken: 'No authentication token found',
  },
  login: {
    submit: 'Continue Investment Process',
    submitting: 'Signing In...',
    startJourney: 'Start Your Investment Journey',
    invalidEmail: 'Please enter a valid email address.',
    emptyEmail: 'Please enter your email address.',
    failed: 'Login failed. Please check your email and try again.',
    unknownAccount: 'No investor account is registered for this email address.',
  },
  /** One-time email codes that prove control of the inbox (login and registration). */
  emailCode: {
    title: 'Check your email',
    sentTo: (masked: string) => `We sent a 6-digit code to ${masked}. It is valid for 10 minutes.`,
    label: 'Verification code',
    verify: 'Verify Code',
    verifying: 'Verifying...',
    resend: 'Resend code',
    resendIn: (seconds: number) => `Resend code in ${seconds} s`,
    resent: 'A new code is on its way. Codes sent earlier no longer work.',
    changeEmail: 'Use a different email address',
    incomplete: 'Please enter the 6-digit code from the email.',
    wrong: 'That code is not correct. Please check the email and try again.',
    expired: 'This code has expired or was already used. Please request a new code.',
    tooManyAttempts: 'Too many incorrect codes. Please request a new code.',
    resendThrottled: 'Please wait a minute before requesting another code.',
    tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
    mailSubject: 'Your G2G investor portal code',
  },
} as const;
