/** The registration details dialog (user-details.ts). */
export const userDetailsMessages = {
  userDetails: {
    loadFailed: 'Failed to load user details',
    errorTitle: 'Error Loading Registration Details',
    emptyTitle: 'No Registration Details Found',
    emptyBody: 'Please complete your registration first',
    notProvided: 'Not provided',
    close: 'Close',
  },
} as const;
