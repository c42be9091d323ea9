/** Registration (registration.ts, investment-settings.ts): the settings load and the registration form. */
export const registrationMessages = {
  settings: {
    loadFailed: 'Failed to load system configuration. Please contact support.',
    invalid: 'Invalid system configuration received. Please contact support.',
    incomplete: 'System configuration incomplete. Please contact support.',
  },
  registration: {
    previous: 'Previous',
    next: 'Next',
    complete: 'Complete Registration',
    submitting: 'Submitting...',
    stepTitles: ['Investment Details', 'Investor Information', 'Initial Qualification Check'] as const,
    configurationError: 'System configuration error. Please refresh the page and try again.',
    checkAmount: 'Please check your investment amount.',
    failed: 'Registration failed. Please try again.',
    fillRequired: 'Please fill in all required fields correctly.',
    amountMin: (min: string) => `Amount must be at least €${min}`,
    amountMax: (max: string) => `Amount cannot exceed €${max}`,
    amountBetween: (min: string, max: string) => `Amount must be between €${min} and €${max}`,
    amountCents: 'Please enter the amount in euros and cents (at most 2 decimals).',
    walletInvalid: 'Please enter a valid Ethereum address starting with 0x',
    walletValid: 'Valid Ethereum address format',
    limitsRejected: 'The investment amount is outside the current limits.',
    dateOfBirthInvalid: 'Please enter a valid date of birth.',
    dateOfBirthFuture: 'The date of birth cannot be in the future.',
    dateOfBirthUnderAge: 'You must be at least 18 years old to invest.',
  },
} as const;
