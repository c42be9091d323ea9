import type {
  CryptoCurrency,
  CryptoPaymentQuote,
  CryptoRatesResponse,
  InitiatePaymentRequest,
  InitiatePaymentResponse,
  PaymentAmounts,
  PaymentStepResponse,
  ProcessPaymentRequest,
} from '../../src/shared/payment.ts';
import type { PaymentError } from '../payment-method/payment-method.types.ts';

export type PaymentCryptoInput = { amounts: PaymentAmounts };

export type PaymentCryptoContext = {
  amounts: PaymentAmounts;
  rates: CryptoRatesResponse | null;
  /** Loads tried again so far (spec section 9: at most CRYPTO_PRICE_RETRY_LIMIT). */
  retries: number;
  /** Why the last load was not used, in the spec's words. */
  ratesProblem: string | null;
  coin: CryptoCurrency | null;
  /** The server's quote for this payment: its amount to send and wallet are the ones shown once it exists. */
  quote: (CryptoPaymentQuote & { paymentId: string }) | null;
  hash: string;
  error: PaymentError | null;
  /** What was copied last (a coin's wallet), for its 2 s confirmation. */
  copied: string | null;
  result: PaymentStepResponse | null;
};

export type PaymentCryptoEvent =
  | { type: 'crypto.retry' }
  | { type: 'crypto.coin.choose'; coin: CryptoCurrency }
  | { type: 'crypto.wallet.copy'; coin: CryptoCurrency }
  | { type: 'crypto.copy.done'; what: string }
  | { type: 'crypto.copy.expired' }
  | { type: 'crypto.continue' }
  | { type: 'crypto.hash.change'; value: string }
  /** 'I have sent the payment'. */
  | { type: 'crypto.confirm' };

export type LoadCryptoRatesOutput = CryptoRatesResponse;
export type InitiateInput = InitiatePaymentRequest;
export type InitiateOutput = InitiatePaymentResponse;
export type ProcessInput = ProcessPaymentRequest;
export type { PaymentStepResponse };
