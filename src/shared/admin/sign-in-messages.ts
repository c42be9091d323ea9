/** The words of staff sign-in, enrolment and staff management (issue 15). Never in the investor catalogue. */
export const signInMessages = {
  invalidEmail: 'Please enter a valid email address.',
  codeWrong: 'That code is not right. Please check the email and try again.',
  codeExpired: 'This code has expired or was already used. Please ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Please ask for a new code.',
  tooManyRequests: 'Too many attempts from this address. Please wait a few minutes and try again.',
  noPasskey: 'No passkey is registered for this account. Ask an issuer admin for a new enrolment link.',
  passkeyRefused: 'The passkey could not be verified. Please start again.',
  passkeyUnknown: 'This passkey is not registered for this account.',
  signInExpired: 'This sign-in has expired or was already completed. Please start again.',
  linkInvalid: 'This enrolment link is not valid: it has expired, was already used, or a newer link replaced it. Ask an issuer admin for a new one.',
  passkeyTaken: 'This passkey is already registered.',
  originUnknown: 'The back-office address is not configured (PUBLIC_URL). Passkeys cannot be used from this address.',
  mailSubject: 'Your G2G back-office sign-in code',
  enrolSubject: 'Set up your passkey for the G2G back-office',
} as const;

export const staffMessages = {
  emailTaken: 'A staff member with this email address already exists.',
  invalidRoles: 'Please choose at least one role.',
  invalidName: 'Please enter a name (at most 120 characters).',
  lastAdmin: 'The last active issuer admin cannot lose that role or be disabled.',
  notYourself: 'You cannot do this to your own account; ask another issuer admin.',
  notYourRoles: 'You cannot change your own roles; another issuer admin can.',
  complianceWithAuditor: 'One person cannot be both compliance and auditor: the auditor checks the compliance reviews. Choose one of the two.',
  disabled: 'This staff member is disabled.',
} as const;
