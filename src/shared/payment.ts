/**
 * The payment step (spec sections 2 "Payment page", 3 "Payment", 4 "Payment", 5 "Crypto prices" and "Card form", 7,
 * 9): the methods and statuses as stored, the fee rule in integer cents, and every request and answer of
 * /api/payment/*. The server computes every amount from the investment; what the browser sends is compared with it
 * and a mismatch is refused, never used.
 */
import * as v from 'valibot';
import { CRYPTO_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES, type CryptoCurrency, type PaymentMethod, type PaymentStatus } from './payment-status.ts';

/**
 * The status answer and the enumerations it names live in payment-status.ts (the process's step rules, in the first
 * script of every page, need only them): re-exported here, so this stays the one contract to import.
 */
export * from './payment-status.ts';

/** What an investor can choose on the page (initiate refuses BANK_TRANSFER: it is WIRE's other name). */
export const CHOOSABLE_METHODS = ['CARD', 'CRYPTO', 'WIRE'] as const satisfies readonly PaymentMethod[];
export type ChoosableMethod = (typeof CHOOSABLE_METHODS)[number];

/** Spec section 3: the methods' labels. */
export const PAYMENT_METHOD_LABELS = {
  CARD: 'Credit Card',
  CRYPTO: 'Cryptocurrency',
  WIRE: 'Wire Transfer',
  BANK_TRANSFER: 'Bank Transfer',
} as const satisfies Record<PaymentMethod, string>;

/** The statuses of a payment that counts as the investor's one open attempt for its method. */
export const OPEN_PAYMENT_STATUSES = ['PENDING', 'PROCESSING'] as const satisfies readonly PaymentStatus[];

/** Spec section 9 "Processing fee": card 4 %, crypto 1 %, wire none; in basis points so cents stay integers. */
export const FEE_BASIS_POINTS = { CARD: 400, CRYPTO: 100, WIRE: 0, BANK_TRANSFER: 0 } as const satisfies Record<PaymentMethod, number>;

/** EUR to integer cents (amounts are stored with two decimals; anything finer is not an amount of ours). */
export const toCents = (eur: number): number => Math.round(eur * 100);
export const fromCents = (cents: number): number => cents / 100;

export type PaymentAmounts = { amountCents: number; feeCents: number; totalCents: number };

/** The fee rounds half up to the cent; total = amount + fee (spec section 9). */
export function paymentAmounts(amountEur: number, method: PaymentMethod): PaymentAmounts {
  const amountCents = toCents(amountEur);
  const feeCents = Math.floor((amountCents * FEE_BASIS_POINTS[method] + 5_000) / 10_000);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** The fee in EUR, as the page shows it before anything is initiated. */
export const processingFee = (amount: number, method: PaymentMethod): number => fromCents(paymentAmounts(amount, method).feeCents);

/**
 * Stripe's largest single charge in EUR: 99,999,999 cents. A larger total cannot be paid by card (the server says so
 * and points to wire).
 */
export const CARD_MAX_TOTAL_CENTS = 99_999_999;

// ---------------------------------------------------------------------------------------------------------------
// Crypto (spec section 2 "Payment page", 5 "Crypto prices", 9)

/** The coins on offer, with the price service's ids (CoinGecko's) and the chain they are sent on. */
export const CRYPTO_PRICE_IDS = { ETH: 'ethereum', BTC: 'bitcoin', USDC: 'usd-coin', USDT: 'tether' } as const satisfies Record<CryptoCurrency, string>;
export type CryptoPriceId = (typeof CRYPTO_PRICE_IDS)[CryptoCurrency];
/** ETH, USDC and USDT are sent on Ethereum (ERC-20 for the two stablecoins); BTC on Bitcoin. */
export const CRYPTO_CHAINS = { ETH: 'ethereum', BTC: 'bitcoin', USDC: 'ethereum', USDT: 'ethereum' } as const satisfies Record<CryptoCurrency, 'ethereum' | 'bitcoin'>;

/** Spec section 5: the ranges a price must fall in to be believed (EUR per coin). */
export const CRYPTO_PRICE_RANGES = { ETH: { min: 100, max: 100_000 }, BTC: { min: 1_000, max: 1_000_000 } } as const;
/** Spec section 9: the stablecoins' rate when the price service leaves them out. */
export const STABLECOIN_FALLBACK_RATE = 0.92;
/** Spec section 9: price loads retried this many times before 'Max Retries Reached'. */
export const CRYPTO_PRICE_RETRY_LIMIT = 3;
/** A quote older than this is not used for a payment: initiation re-quotes and confirmation refuses. */
export const CRYPTO_QUOTE_MAX_AGE_SECONDS = 600;
/** The decimals of an amount to send (spec section 9). */
export const CRYPTO_AMOUNT_DECIMALS = 6;

/** Amount to send = total / rate, to six decimals, as text (no binary rounding on display). Rounded up: never short. */
export function cryptoAmountToSend(totalCents: number, rateEur: number): string {
  const micro = Math.ceil((totalCents / 100 / rateEur) * 10 ** CRYPTO_AMOUNT_DECIMALS - 1e-6);
  const whole = Math.floor(micro / 10 ** CRYPTO_AMOUNT_DECIMALS);
  const fraction = String(micro % 10 ** CRYPTO_AMOUNT_DECIMALS).padStart(CRYPTO_AMOUNT_DECIMALS, '0');
  return `${whole}.${fraction}`;
}

/** A transaction hash as the investor pastes it: 0x + 64 hex on Ethereum, 64 hex on Bitcoin (trimmed first). */
export function isTransactionHash(currency: CryptoCurrency, value: string): boolean {
  const hash = value.trim();
  return CRYPTO_CHAINS[currency] === 'ethereum' ? /^0x[0-9a-fA-F]{64}$/.test(hash) : /^[0-9a-fA-F]{64}$/.test(hash);
}

/**
 * How a quote was come by: fresh (from the price service within the cache time), stale (the last good price from the
 * service, older), indicative (the configured rates: the service has never answered), unavailable (no price at all).
 */
export const QUOTE_STATUSES = ['fresh', 'stale', 'indicative', 'unavailable'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const SimplePriceSchema = v.object({ eur: v.number(), last_updated_at: v.optional(v.number()) });

export const CryptoQuoteSchema = v.object({
  /** EUR per coin; null when unavailable. */
  price: v.nullable(v.number()),
  /** The source's own time of the price (CoinGecko's last_updated_at), ISO; null when unknown. */
  asOf: v.nullable(v.string()),
  /** e.g. 'coingecko', 'configured indicative rate'. */
  source: v.string(),
  /** Seconds since asOf (or since it was fetched when the source gives no time). */
  ageSeconds: v.nullable(v.number()),
  status: v.picklist(QUOTE_STATUSES),
});
export type CryptoQuote = v.InferOutput<typeof CryptoQuoteSchema>;

/**
 * GET /api/payment/crypto-rates: the EUR rates in the price service's simple-price shape (so the spec's range checks
 * read them as they would the service's own answer), with each coin's quote, whether any rate is indicative, and the
 * foundation's receiving wallet per coin.
 */
export const CryptoRatesResponseSchema = v.object({
  ethereum: v.optional(SimplePriceSchema),
  bitcoin: v.optional(SimplePriceSchema),
  'usd-coin': v.optional(SimplePriceSchema),
  tether: v.optional(SimplePriceSchema),
  quotes: v.object({ ETH: CryptoQuoteSchema, BTC: CryptoQuoteSchema, USDC: CryptoQuoteSchema, USDT: CryptoQuoteSchema }),
  indicative: v.boolean(),
  wallets: v.object({ ETH: v.string(), BTC: v.string(), USDC: v.string(), USDT: v.string() }),
});
export type CryptoRatesResponse = v.InferOutput<typeof CryptoRatesResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Wire (spec sections 2, 3 "Bank details response", 9 "Wire reference")

/** Spec section 9: product prefix + INV + the first 6 characters of the user id (fallback 123456). */
export const WIRE_REFERENCE_PREFIX = 'G2G';
export const wireReference = (userId: string | null | undefined): string => {
  const six = (userId ?? '').replace(/[^0-9a-zA-Z]/g, '').slice(0, 6);
  return `${WIRE_REFERENCE_PREFIX}-INV-${(six.length === 6 ? six : '123456').toUpperCase()}`;
};

export const BankTransactionConfigResponseSchema = v.object({
  bankDetails: v.object({
    bankName: v.string(),
    accountName: v.string(),
    /** The IBAN, grouped in fours for reading. */
    accountNumber: v.string(),
    swiftBic: v.string(),
    reference: v.string(),
  }),
  /** EUR, two decimals: the wire total (no fee). */
  amount: v.number(),
  /** An EPC069-12 (SEPA credit transfer) QR code as a PNG data URL, or null with qrError. */
  qrImage: v.nullable(v.string()),
  qrError: v.nullable(v.string()),
});
export type BankTransactionConfigResponse = v.InferOutput<typeof BankTransactionConfigResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Card (spec sections 3, 4 "Payment", 5 "Card form", 7)

/**
 * Why card is not offered: `not-configured`, the server runs with NODE_ENV=production and has no Stripe keys (the
 * local test card provider exists only outside production).
 */
export const CARD_UNAVAILABLE_REASONS = ['not-configured'] as const;
export type CardUnavailableReason = (typeof CARD_UNAVAILABLE_REASONS)[number];

const StripeOfferedSchema = v.object({ provider: v.literal('stripe'), publishableKey: v.string(), testMode: v.boolean() });
const LocalTestOfferedSchema = v.object({ provider: v.literal('local-test'), publishableKey: v.null(), testMode: v.literal(true) });

/**
 * GET /api/payment/stripe-config (no auth): 'stripe' with the publishable key when real keys are configured, or
 * 'local-test' (no key, outside production only): the portal's own test card provider, answering by Stripe's test
 * card numbers; or 'unavailable' with the reason: card is not offered (initiating or confirming a card payment is
 * refused), the investor pays by crypto or wire.
 */
export const StripeConfigResponseSchema = v.variant('provider', [
  StripeOfferedSchema,
  LocalTestOfferedSchema,
  v.object({ provider: v.literal('unavailable'), publishableKey: v.null(), testMode: v.literal(false), reason: v.picklist(CARD_UNAVAILABLE_REASONS) }),
]);
export type StripeConfigResponse = v.InferOutput<typeof StripeConfigResponseSchema>;
/** A card provider the investor can pay with (what the card chart runs on). */
export type OfferedCardConfig = Extract<StripeConfigResponse, { provider: 'stripe' | 'local-test' }>;
export const isCardOffered = (config: StripeConfigResponse): config is OfferedCardConfig => config.provider !== 'unavailable';

/**
 * Stripe's test card numbers and the test PaymentMethod ids they stand for. The browser sends only the id: no card
 * number reaches the server, and the server's confirmation is the same code for the local provider and Stripe.
 */
export const TEST_CARDS = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
} as const;
export type TestPaymentMethodId = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];
export const TEST_PAYMENT_METHOD_IDS = Object.values(TEST_CARDS) as TestPaymentMethodId[];

/** A PaymentIntent's status, as Stripe names them. */
export const CARD_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type CardIntentStatus = (typeof CARD_INTENT_STATUSES)[number];

/** What the browser needs of an intent (Stripe's and the local provider's answers alike). */
export const CardIntentSchema = v.object({
  id: v.string(),
  status: v.picklist(CARD_INTENT_STATUSES),
  /** Stripe's last_payment_error: the provider's message is shown as given (spec section 8). */
  lastPaymentError: v.nullable(v.object({ code: v.nullable(v.string()), declineCode: v.nullable(v.string()), message: v.string() })),
});
export type CardIntent = v.InferOutput<typeof CardIntentSchema>;

/** The local test provider's calls (only while it is the card provider): confirm with a test PaymentMethod id. */
export const LocalCardConfirmRequestSchema = v.object({
  paymentIntentId: v.pipe(v.string(), v.maxLength(100)),
  clientSecret: v.pipe(v.string(), v.maxLength(200)),
  paymentMethod: v.picklist(TEST_PAYMENT_METHOD_IDS),
});
export type LocalCardConfirmRequest = v.InferOutput<typeof LocalCardConfirmRequestSchema>;
/** ... and answer the 3-D Secure challenge of the authentication test card. */
export const LocalCardAuthenticateRequestSchema = v.object({
  paymentIntentId: v.pipe(v.string(), v.maxLength(100)),
  clientSecret: v.pipe(v.string(), v.maxLength(200)),
  outcome: v.picklist(['complete', 'fail']),
});
export type LocalCardAuthenticateRequest = v.InferOutput<typeof LocalCardAuthenticateRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Initiate, confirm, process

/** An amount in EUR as the browser sends it: finite, not negative, at most cents (compared with the server's). */
const Eur = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e12));

const initiateCommon = { amount: Eur, processingFee: Eur, totalAmount: Eur };

/** POST /api/payment/initiate (spec section 7): paymentMethod, amount, processingFee, totalAmount; crypto adds cryptoCurrency; wire adds wireReference. */
export const InitiatePaymentRequestSchema = v.variant('paymentMethod', [
  v.strictObject({ paymentMethod: v.literal('CARD'), ...initiateCommon }),
  v.strictObject({ paymentMethod: v.literal('CRYPTO'), ...initiateCommon, cryptoCurrency: v.picklist(CRYPTO_CURRENCIES) }),
  v.strictObject({ paymentMethod: v.literal('WIRE'), ...initiateCommon, wireReference: v.pipe(v.string(), v.maxLength(64)) }),
]);
export type InitiatePaymentRequest = v.InferOutput<typeof InitiatePaymentRequestSchema>;

const amountsAnswer = { amount: v.number(), processingFee: v.number(), totalAmount: v.number() };

export const CryptoPaymentQuoteSchema = v.object({
  cryptoCurrency: v.picklist(CRYPTO_CURRENCIES),
  /** EUR per coin used for this payment. */
  rate: v.number(),
  rateAsOf: v.string(),
  rateStatus: v.picklist(QUOTE_STATUSES),
  rateSource: v.string(),
  /** Six decimals, as text. */
  amountToSend: v.string(),
  walletAddress: v.string(),
  /** After this the quote is refused at confirmation and initiation quotes again. */
  quoteExpiresAt: v.string(),
});
export type CryptoPaymentQuote = v.InferOutput<typeof CryptoPaymentQuoteSchema>;

/** The answer of initiate: the payment's id and amounts; card adds the provider's intent, crypto the quote, wire the reference. */
export const InitiatePaymentResponseSchema = v.variant('paymentMethod', [
  v.object({
    paymentMethod: v.literal('CARD'),
    paymentId: v.string(),
    ...amountsAnswer,
    stripe: v.object({ clientSecret: v.string(), paymentIntentId: v.string() }),
  }),
  v.object({ paymentMethod: v.literal('CRYPTO'), paymentId: v.string(), ...amountsAnswer, crypto: CryptoPaymentQuoteSchema }),
  v.object({ paymentMethod: v.literal('WIRE'), paymentId: v.string(), ...amountsAnswer, paymentRef: v.string() }),
]);
export type InitiatePaymentResponse = v.InferOutput<typeof InitiatePaymentResponseSchema>;

/** POST /api/payment/confirm-stripe. */
export const ConfirmStripeRequestSchema = v.strictObject({ paymentIntentId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });
export type ConfirmStripeRequest = v.InferOutput<typeof ConfirmStripeRequestSchema>;

/**
 * POST /api/payment/process: the investor says the crypto transfer (transactionId: its transaction hash) or the wire
 * (transactionId: the payment reference) has been sent. The payment step completes; the payment awaits the funds.
 */
export const ProcessPaymentRequestSchema = v.variant('paymentMethod', [
  v.strictObject({ paymentMethod: v.literal('CRYPTO'), paymentId: v.pipe(v.string(), v.maxLength(64)), transactionId: v.pipe(v.string(), v.maxLength(100)) }),
  v.strictObject({ paymentMethod: v.literal('WIRE'), paymentId: v.pipe(v.string(), v.maxLength(64)), transactionId: v.pipe(v.string(), v.maxLength(64)) }),
]);
export type ProcessPaymentRequest = v.InferOutput<typeof ProcessPaymentRequestSchema>;

/** The answer of confirm-stripe and process: where the payment stands, and the next step. */
export const PaymentStepResponseSchema = v.object({
  paymentId: v.string(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  paymentCompleted: v.boolean(),
  nextStep: v.literal('complete'),
});
export type PaymentStepResponse = v.InferOutput<typeof PaymentStepResponseSchema>;
