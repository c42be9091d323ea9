/** The back-office's words for the issuer's settings (issue 15). */
export const settingsMessages = {
  invalid:
    'Please check the settings: token price, minimum and maximum must be positive numbers up to 1,000,000,000 (two decimals for amounts, six for the price), the maximum above the minimum, the four-eyes threshold 0 or more, and the KYC review target whole hours from 1 to 8760.',
  targetHours: 'The KYC review target is a whole number of hours, from 1 to 8760 (a year).',
  stale: 'Someone changed the settings since you opened them. Your changes were not saved; the page shows the values now in force.',
  pinned: (names: string) => `${names} set in the server's environment, so it cannot be changed here. Change the environment and restart the server.`,
} as const;
