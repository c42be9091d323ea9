/**
 * The words of the agreements page and the downloads page (spec section 2 "Agreements page" and "Downloads page",
 * section 8 "Downloads"). The agreements' rules and errors are in legal.ts; the download button's and the list's
 * titles in documents.ts.
 */
export const legalPageMessages = {
  agreementsPage: {
    loadingDetail: 'Loading your legal agreements...',
    progressLabel: 'Legal agreements progress',
    progress: (percent: number) => `${percent}% complete`,
    signedCount: (signed: number, total: number) => `${signed} of ${total} agreements signed`,
    /** Spec: read-only mode. */
    reviewTitle: 'Review your completed legal agreements',
    returnToCurrentStep: 'RETURN TO CURRENT STEP',
    completedOn: (date: string) => `Completed on ${date}`,
    badge: { unchecked: 'Pending', accepted: 'Ready to Sign', saving: 'Signing...', signed: 'Signed' },
    signedOn: (date: string) => `Signed on ${date}`,
    confirmations: 'Confirmations',
    required: '(required)',
    signatureLabel: (title: string) => `Signature: ${title}`,
    completeAgreement: 'Complete Agreement',
    completing: 'Signing...',
    walletTitle: 'Wallet Address',
    walletLabel: 'Ethereum wallet address',
    walletHelp: 'The address your G2G tokens are sent to: 0x followed by 40 hexadecimal characters.',
    walletValid: 'Valid Ethereum address',
    proceed: 'Proceed to Payment',
    proceedDisabled: 'Complete All Requirements to Continue',
    proceeding: 'Proceeding...',
  },
  /** The list's titles and footer are messages.downloads (documents.ts), shared with the server's list answer. */
  downloadsPage: {
    loadingDetail: 'Loading your documents...',
    /** Spec section 8. */
    loadFailed: 'Failed to load documents',
    tryAgain: 'Try Again',
    emptyBody: 'Your signed documents appear here once you have signed the legal agreements.',
    refresh: 'Refresh',
    notGeneratedBody: (pending: number) =>
      `Your signed documents are being prepared (${pending} still to come). This page checks again by itself every few seconds.`,
    checkAgain: 'Check Again',
    checking: 'Checking...',
    columns: { title: 'Document', type: 'Type', size: 'Size', signedAt: 'Signed', action: 'Download' },
    typePdf: 'PDF',
  },
} as const;
