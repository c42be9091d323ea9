/**
 * The legal agreements step (legal.ts, wallet.ts): the spec's words for the agreements (section 5 "Agreements" and
 * section 8 "Agreements"), then the portal's own words for what the spec does not word (a signature image the server
 * cannot accept, an address whose EIP-55 checksum fails).
 */
export const legalMessages = {
  legal: {
    /** Section 5: the required checkboxes of one agreement are not all ticked. */
    checkboxesRequired: 'Please complete all checkboxes first.',
    /** Section 5: no signature drawn (also a blank or near-blank pad, see check-signature-png.ts). */
    signatureRequired: 'Please provide your signature first.',
    /** Section 5: Proceed without all seven signed or without a valid wallet address. */
    completeAllRequired: 'Please complete all legal agreements and provide a valid wallet address to proceed.',
    /** Section 5 "Wallet address": the agreements page's live format message. */
    walletInvalid: 'Please enter a valid Ethereum address (42 characters starting with 0x)',
    /** Section 8: Proceed with an invalid wallet address. */
    walletRequired: 'Please provide a valid Ethereum wallet address (42 characters starting with 0x)',
    /** Section 8: saving the agreements failed and the error mentions the wallet address. */
    walletSaveInvalid: "Invalid wallet address format. Please ensure it's a valid Ethereum address (42 characters starting with 0x).",
    /** Section 8. */
    saveSignatureFailed: 'Failed to save signature. Please try again.',
    /** Section 8. */
    saveAgreementsFailed: 'Failed to save agreements. Please try again.',
    /** Section 8: the configurations did not load. */
    loadFailed: 'Error loading legal agreements',
    /** Section 8: the button beside loadFailed. */
    refreshPage: 'Refresh Page',

    // Not in the spec: the portal's own words.
    /** A mixed-case address whose EIP-55 checksum does not match (a mistyped or altered character). */
    walletChecksum:
      'This Ethereum wallet address does not match its checksum (the mix of capital and small letters). Please copy it again from your wallet.',
    signatureNotPng: 'The signature must be a PNG image. Please draw your signature again.',
    signatureDamaged: 'The signature image is incomplete or damaged. Please draw your signature again.',
    signatureWrongSize: 'The signature image must be 500 x 120 pixels (or exactly twice or three times that). Please draw your signature again.',
    signatureTooLarge: 'The signature image is larger than 200 KB. Please draw your signature again.',
    /** Server refusals: a call of the step before KYC is complete, a change to a signed agreement or a completed step. */
    kycFirst: 'Please complete your KYC verification first.',
    alreadySigned: 'This agreement has already been signed and cannot be changed.',
    alreadyComplete: 'Your legal agreements are already complete and can no longer be changed.',
    /** A confirmation id the agreement does not have (a page older than the agreement it shows). */
    unknownCheckbox: 'This agreement has changed since the page was loaded. Please refresh the page.',
    /** The agreement was replaced by a new version after the page showed it: it must be read again before signing. */
    versionChanged: 'This agreement has been updated since you opened it. Please review the new version and sign it again.',
  },
} as const;
