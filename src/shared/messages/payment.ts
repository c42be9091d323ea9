/**
 * The payment step and the complete page (payment.ts): the spec's words (section 2 "Payment page" and "Complete page",
 * section 5 "Card form", section 8 "Payment"), then the portal's own words for what the spec does not word (the
 * server's refusals, the test-mode card provider, indicative rates).
 */
export const paymentMessages = {
  payment: {
    /** Section 2: the page without a session. */
    authRequired: 'Authentication Required',
    goToLogin: 'Go to Login',
    /** Section 8. */
    initSystemFailed: 'Failed to initialize payment system. Please refresh the page.',
    initFailed: 'Failed to initialize payment. Please try again.',
    cryptoConfirmFailed: 'Payment confirmation failed. Please try again or contact support.',
    wireConfirmFailed: 'Wire transfer confirmation failed. Please try again.',
    cardNotReady: 'Payment system not ready. Please wait a moment and try again.',
    cardFailed: 'Payment processing failed. Please check your card details and try again.',
    cardConfirmFailed: 'Payment was successful but confirmation failed. Please contact support with your payment reference.',
    cardStatus: (status: string) => `Payment status: ${status}. Please try again or contact support.`,
    /** Section 5 "Card form". */
    cardIncomplete: 'Please fill in your card details completely to continue',
    /** Section 8 "Crypto prices". */
    pricesUnavailable: 'Unable to Load Current Crypto Prices',
    pricesMaxRetries: 'Max Retries Reached',
    pricesApiError: (status: number) => `API Error: ${status}`,
    pricesMissing: 'Invalid API response - missing price data',
    pricesOutOfRange: 'ETH/BTC price out of reasonable range',
    /** Section 8 "Bank QR". */
    qrNotAvailable: 'QR not available',
    qrLoadFailed: (message: string) => `Failed to load: ${message}`,
    qrDisplayFailed: 'Image display failed',
    /** Section 2: the read-only summary. */
    successful: 'Payment Successful',
    /** Section 2 / 9. */
    wireProcessingTime: '1-3 business days',

    // Not in the spec: the portal's own words.
    /** Section 8 only says crypto becomes unavailable after the retries: what to do instead. */
    pricesUseOther: 'Crypto payments are unavailable right now. Please pay by card or wire transfer.',
    /** Rates from configuration, not from the price service. */
    indicativeRates: 'Indicative rates: the live price service is not reachable. The amount to send is fixed when you continue.',
    qrFallback: 'If the QR code does not work in your banking app, please use the bank details above.',
    testMode: 'TEST MODE',
    testModeDetail: 'No real card is charged. Use a Stripe test card number, e.g. 4242 4242 4242 4242.',
    /** Where the investor types the card, in TEST MODE only: the numbers that try each outcome (any future date, any CVC). */
    testCardsIntro: 'Test cards (any future expiry date, any CVC):',
    testCards: [
      { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
      { number: '4000 0000 0000 0002', outcome: 'card declined' },
      { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
      { number: '4000 0025 0000 3155', outcome: 'asks for 3-D Secure confirmation' },
    ],
    /** Server refusals. */
    agreementsFirst: 'Please complete your legal agreements first.',
    alreadyPaid: 'Your payment step is already complete.',
    amountMismatch: 'The payment amounts do not match your investment. Please refresh the page and try again.',
    cardAboveLimit: 'Card payments are limited to €999,999.99. Please pay by wire transfer.',
    wireReferenceMismatch: 'The payment reference does not match your investment. Please use the reference shown with the bank details.',
    quoteExpired: 'The quoted rate has expired. Please review the new amount to send and confirm again.',
    pricesUnavailableServer: 'Crypto prices are unavailable right now. Please pay by card or wire transfer.',
    transactionHashInvalid: (chain: string) =>
      chain === 'bitcoin'
        ? 'Please enter the Bitcoin transaction id (64 hexadecimal characters).'
        : 'Please enter the Ethereum transaction hash (0x followed by 64 hexadecimal characters).',
    /** A crypto transaction hash another payment already gave (one transaction pays one investment). */
    paymentNotFound: 'This payment was not found. Please refresh the page and try again.',
    paymentNotOpen: 'This payment can no longer be confirmed. Please refresh the page and start again.',
    intentMismatch: 'This card payment does not belong to your current payment. Please refresh the page and try again.',
    cardNotSucceeded: (status: string) => `Payment status: ${status}. Please try again or contact support.`,
    /** The card went through after another payment had already paid the investment: held, to be refunded. */
    paidTwiceHeld: 'Your investment was already paid by another payment. This card payment is on hold and will be refunded to your card.',
    cardProviderUnavailable: 'The card payment service did not answer. Please try again in a moment.',
    /**
     * Card is not offered (NODE_ENV=production without Stripe keys): the payment page's sentence under the other
     * methods, and the server's refusal of a card initiation or confirmation.
     */
    cardNotOffered: 'Card payment is not available on this portal because no card payment service is set up. Please pay by cryptocurrency or wire transfer.',
    webhookSignature: 'Invalid Stripe signature.',
    /** The process shell's words while the payment page loads, and its retry (here: the shell carries them). */
    loadingDetail: 'Loading your payment details...',
    retry: 'Try again',
  },
  completePage: {
    /** Section 2 "Complete page". */
    congratulations: 'Congratulations!',
    underReview: 'Your investment request has been received and is now under review.',
    nextHeading: 'What happens next',
    next: [
      'You will receive a confirmation email.',
      'Your G2G tokens will be issued within 24-48 hours.',
      'You will get access to the investor portal.',
      'You will receive quarterly reports by email.',
    ],
    downloadsLink: 'View Signed Documents',
  },
} as const;
