/** Named reads of the crypto payment for its views. */
import type { SnapshotFrom } from 'xstate';
import { CRYPTO_CHAINS, isTransactionHash } from '../../src/shared/payment.ts';
import { coinOffers, type CoinOffer } from './payment-crypto.rules.ts';
import type { paymentCryptoMachine } from './payment-crypto.machine.ts';

type S = SnapshotFrom<typeof paymentCryptoMachine>;

export type CryptoPhase = 'loading' | 'unavailable' | 'choosing' | 'sending' | 'verifying' | 'done';

export const selectCryptoPhase = (s: S): CryptoPhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('unavailable')) return 'unavailable';
  if (s.matches('choosing') || s.matches('initiating')) return 'choosing';
  if (s.matches('verifying') || s.matches('processing')) return 'verifying';
  if (s.matches('done')) return 'done';
  return 'sending';
};

export const selectOffers = (s: S): CoinOffer[] => (s.context.rates ? coinOffers(s.context.rates, s.context.amounts.totalCents) : []);
export const selectIsIndicative = (s: S) => s.context.rates?.indicative === true;
export const selectCoin = (s: S) => s.context.coin;
export const selectQuote = (s: S) => s.context.quote;
export const selectHash = (s: S) => s.context.hash;
/** The live check of the pasted hash: null while empty, else whether it fits the coin's chain. */
export const selectHashCheck = (s: S): { valid: boolean; chain: 'ethereum' | 'bitcoin' } | null => {
  const quote = s.context.quote;
  if (!quote || s.context.hash.trim() === '') return null;
  return { valid: isTransactionHash(quote.cryptoCurrency, s.context.hash), chain: CRYPTO_CHAINS[quote.cryptoCurrency] };
};
export const selectRetries = (s: S) => s.context.retries;
export const selectRatesProblem = (s: S) => s.context.ratesProblem;
export const selectCryptoError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectCopied = (s: S) => s.context.copied;
