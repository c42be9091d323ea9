/** Answers of the payment calls for the payment charts' tests and the views' render tests (shapes of src/shared/payment.ts). */
import type {
  BankTransactionConfigResponse,
  CardIntent,
  CryptoRatesResponse,
  InitiatePaymentResponse,
  PaymentStatusResponse,
  PaymentStepResponse,
  OfferedCardConfig,
  StripeConfigResponse,
} from '../../src/shared/payment.ts';
import { paymentAmounts, fromCents, type ChoosableMethod } from '../../src/shared/payment.ts';

export const INVESTMENT_EUR = 10_000;
export const TOKENS = 12_345.678901;
export const NOW = '2026-11-24T10:00:00.000Z';

export const LOCAL_TEST: OfferedCardConfig = { provider: 'local-test', publishableKey: null, testMode: true };
export const REAL_STRIPE: OfferedCardConfig = { provider: 'stripe', publishableKey: 'pk_test_123', testMode: true };
/** A production server without Stripe keys: card is not offered. */
export const CARD_UNAVAILABLE: StripeConfigResponse = { provider: 'unavailable', publishableKey: null, testMode: false, reason: 'not-configured' };

export function statusAnswer(over: Partial<PaymentStatusResponse> = {}, investment: Partial<PaymentStatusResponse['investment']> = {}): PaymentStatusResponse {
  return {
    paymentStatus: 'NOT_STARTED',
    paymentMethod: null,
    completedAt: null,
    investment: { amount: INVESTMENT_EUR, tokenQuantity: TOKENS, paymentCompleted: false, completedAt: null, status: 'AWAITING_PAYMENT', ...investment },
    latestPayment: null,
    ...over,
  };
}

/** A card payment the server completed. */
export const PAID_BY_CARD = statusAnswer(
  {
    paymentStatus: 'COMPLETED',
    paymentMethod: 'CARD',
    completedAt: NOW,
    latestPayment: {
      id: 'pay_1',
      paymentMethod: 'CARD',
      paymentStatus: 'COMPLETED',
      amount: 10_000,
      processingFee: 400,
      totalAmount: 10_400,
      transactionId: 'pi_1',
      paymentRef: 'G2G-PAY-0001',
      cryptoCurrency: null,
      cryptoAmount: null,
      createdAt: NOW,
      confirmedAt: NOW,
      completedAt: NOW,
    },
  },
  { paymentCompleted: true, completedAt: NOW, status: 'PAID' },
);
/** A wire the investor says is sent: the step is done, the funds are awaited. */
export const WIRE_AWAITING = statusAnswer(
  {
    paymentStatus: 'AWAITING_FUNDS',
    paymentMethod: 'WIRE',
    latestPayment: {
      id: 'pay_2',
      paymentMethod: 'WIRE',
      paymentStatus: 'AWAITING_FUNDS',
      amount: 10_000,
      processingFee: 0,
      totalAmount: 10_000,
      transactionId: 'G2G-INV-ABC123',
      paymentRef: 'G2G-INV-ABC123',
      cryptoCurrency: null,
      cryptoAmount: null,
      createdAt: NOW,
      confirmedAt: NOW,
      completedAt: null,
    },
  },
  { paymentCompleted: true, completedAt: NOW, status: 'FUNDS_PENDING' },
);

export const amountsOf = (method: ChoosableMethod) => paymentAmounts(INVESTMENT_EUR, method);
const eur = (method: ChoosableMethod) => {
  const a = amountsOf(method);
  return { amount: fromCents(a.amountCents), processingFee: fromCents(a.feeCents), totalAmount: fromCents(a.totalCents) };
};

export const CARD_INITIATED: InitiatePaymentResponse = {
  paymentMethod: 'CARD',
  paymentId: 'pay_card',
  ...eur('CARD'),
  stripe: { clientSecret: 'pi_1_secret_abc', paymentIntentId: 'pi_1' },
};
export const intent = (status: CardIntent['status'], message?: string): CardIntent => ({
  id: 'pi_1',
  status,
  lastPaymentError: message ? { code: 'card_declined', declineCode: 'generic_decline', message } : null,
});
export const DECLINED_MESSAGE = 'Your card was declined.';

export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const quote = (status: 'fresh' | 'indicative', price: number) => ({ price, asOf: NOW, source: status === 'fresh' ? 'coingecko' : 'configured indicative rate', ageSeconds: 5, status });

export function ratesAnswer(over: Partial<CryptoRatesResponse> = {}, status: 'fresh' | 'indicative' = 'fresh'): CryptoRatesResponse {
  return {
    ethereum: { eur: 2_500, last_updated_at: 1_764_000_000 },
    bitcoin: { eur: 80_000, last_updated_at: 1_764_000_000 },
    'usd-coin': { eur: 0.92 },
    tether: { eur: 0.92 },
    quotes: { ETH: quote(status, 2_500), BTC: quote(status, 80_000), USDC: quote(status, 0.92), USDT: quote(status, 0.92) },
    indicative: status === 'indicative',
    wallets: { ETH: ETH_WALLET, BTC: BTC_WALLET, USDC: ETH_WALLET, USDT: ETH_WALLET },
    ...over,
  };
}
export const RATES_WITHOUT_ETH: CryptoRatesResponse = (() => {
  const { ethereum: _gone, ...rest } = ratesAnswer();
  return rest;
})();
export const RATES_OUT_OF_RANGE = ratesAnswer({ bitcoin: { eur: 5 } });

export const cryptoInitiated = (amountToSend = '4.040000'): InitiatePaymentResponse => ({
  paymentMethod: 'CRYPTO',
  paymentId: 'pay_crypto',
  ...eur('CRYPTO'),
  crypto: {
    cryptoCurrency: 'ETH',
    rate: 2_500,
    rateAsOf: NOW,
    rateStatus: 'fresh',
    rateSource: 'coingecko',
    amountToSend,
    walletAddress: ETH_WALLET,
    quoteExpiresAt: '2026-11-24T10:10:00.000Z',
  },
});
export const ETH_HASH = `0x${'ab'.repeat(32)}`;

export const BANK_CONFIG: BankTransactionConfigResponse = {
  bankDetails: {
    bankName: 'Demo Bank AG',
    accountName: 'G2G Foundation',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    swiftBic: 'COBADEFFXXX',
    reference: 'G2G-INV-ABC123',
  },
  amount: 10_000,
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  qrError: null,
};
export const WIRE_INITIATED: InitiatePaymentResponse = { paymentMethod: 'WIRE', paymentId: 'pay_wire', ...eur('WIRE'), paymentRef: 'G2G-INV-ABC123' };

export const stepAnswer = (paymentStatus: PaymentStepResponse['paymentStatus'], paymentId = 'pay_1'): PaymentStepResponse => ({
  paymentId,
  paymentStatus,
  paymentCompleted: true,
  nextStep: 'complete',
});
