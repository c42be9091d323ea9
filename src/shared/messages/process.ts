/** The process steps (process.ts). */
export const processMessages = {
  steps: {
    titles: ['Disclosure Review', 'KYC Verification', 'Legal Agreements', 'Payment Processing', 'Investment Complete'] as const,
    pendingTooltip: 'Complete previous steps first',
    notAvailableYet: 'This step is not available yet.',
    /** The link to the signed documents (spec /process/downloads). */
    viewSignedDocuments: 'View Signed Documents',
  },
} as const;
