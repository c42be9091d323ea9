/** The process steps (process.ts). */
export const processMessages = {
  steps: {
    titles: ['Disclosure Review', 'KYC Verification', 'Legal Agreements', 'Payment Processing', 'Investment Complete'] as const,
    pendingTooltip: 'Complete previous steps first',
    notAvailableYet: 'This step is not available yet.',
  },
} as const;
