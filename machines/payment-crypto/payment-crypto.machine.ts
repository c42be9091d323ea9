/**
 * The crypto payment (spec sections 2 "Payment page", 4 "Payment", 5 "Crypto prices", 8, 9), a child of the payment
 * page's chart while crypto is chosen. The rates load (GET /api/payment/crypto-rates) and are checked as section 5
 * says; a refused or failed load is tried again after a pause, at most CRYPTO_PRICE_RETRY_LIMIT times, then 'Unable to
 * Load Current Crypto Prices' / 'Max Retries Reached' and the card/wire suggestion. The investor picks a coin (its rate,
 * the amount to send, the receiving wallet with copy); Continue asks the server for its quote (initiate), whose amount
 * and wallet are shown from then on; the pasted transaction hash is checked per chain as typed; 'I have sent the
 * payment' pauses 1.5 s (simulated verification) and asks the server to record it (process). A quote the server finds
 * expired is asked for again (the new amount shown, the hash kept). Effects: loadCryptoRates, initiatePayment,
 * processPayment, copyText (the app's clipboard).
 */
import { assign, cancel, fromPromise, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { paymentPageMessages } from '../../src/shared/messages/payment-page.ts';
import { CRYPTO_CHAINS, CRYPTO_PRICE_RETRY_LIMIT, isTransactionHash, type CryptoCurrency, type InitiatePaymentResponse } from '../../src/shared/payment.ts';
import { COPY_CONFIRMATION_MS, CRYPTO_VERIFICATION_MS, PRICE_RETRY_MS, failureWords, initiateAmounts, METHOD_ACTION_DESCRIPTIONS } from '../payment-method/payment-method.rules.ts';
import type { PaymentChildParentEvent } from '../payment-method/payment-method.types.ts';
import { coinOffers, isQuoteExpired, ratesLoadProblem, ratesProblem } from './payment-crypto.rules.ts';
import type {
  InitiateInput,
  InitiateOutput,
  LoadCryptoRatesOutput,
  PaymentCryptoContext,
  PaymentCryptoEvent,
  PaymentCryptoInput,
  PaymentStepResponse,
  ProcessInput,
} from './payment-crypto.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const text = { ...messages.payment, ...paymentPageMessages };

/** The wallet shown: the quote's once there is one, else the coin's from the rates. 'Copied' once the clipboard took it. */
const copyWallet = {
  actions: {
    type: 'copyText' as const,
    params: ({ context, event }: { context: PaymentCryptoContext; event: { coin: CryptoCurrency } }) => ({
      text: context.quote && context.quote.cryptoCurrency === event.coin ? context.quote.walletAddress : (context.rates?.wallets[event.coin] ?? ''),
      what: event.coin,
    }),
  },
};

export const paymentCryptoMachine = setup({
  types: {} as { context: PaymentCryptoContext; events: PaymentCryptoEvent; input: PaymentCryptoInput; output: PaymentStepResponse; tags: 'busy' | 'loading' },
  actors: {
    loadCryptoRates: fromPromise<LoadCryptoRatesOutput, void>(async () => {
      throw new Error('loadCryptoRates is provided by the app');
    }),
    initiatePayment: fromPromise<InitiateOutput, InitiateInput>(async () => {
      throw new Error('initiatePayment is provided by the app');
    }),
    processPayment: fromPromise<PaymentStepResponse, ProcessInput>(async () => {
      throw new Error('processPayment is provided by the app');
    }),
  },
  guards: {
    areRatesBelievable: (_, params: { rates: LoadCryptoRatesOutput }) => ratesProblem(params.rates) === null,
    canRetry: ({ context }) => context.retries < CRYPTO_PRICE_RETRY_LIMIT,
    isCoinPriced: ({ context }, params: { coin: CryptoCurrency }) =>
      context.rates !== null && coinOffers(context.rates, context.amounts.totalCents).some((o) => o.coin === params.coin && o.rate !== null),
    isCoinChosen: ({ context }) => context.coin !== null,
    isCryptoAnswer: (_, params: { answer: InitiatePaymentResponse }) => params.answer.paymentMethod === 'CRYPTO',
    isHashValid: ({ context }) => context.quote !== null && isTransactionHash(context.quote.cryptoCurrency, context.hash),
    isQuoteExpired: (_, params: { error: unknown }) => isQuoteExpired(params.error),
  },
  actions: {
    keepRates: assign((_, params: { rates: LoadCryptoRatesOutput }) => ({ rates: params.rates, ratesProblem: null })),
    noteRatesRefused: assign((_, params: { rates: LoadCryptoRatesOutput }) => ({ ratesProblem: ratesProblem(params.rates) })),
    noteRatesFailed: assign((_, params: { error: unknown }) => ({ ratesProblem: ratesLoadProblem(params.error) })),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    resetRetries: assign({ retries: 0, ratesProblem: null }),
    chooseCoin: assign((_, params: { coin: CryptoCurrency }) => ({ coin: params.coin, error: null })),
    noteChooseCoin: assign({ error: { message: text.chooseCoin, detail: null } }),
    keepQuote: assign((_, params: { answer: InitiatePaymentResponse }) =>
      params.answer.paymentMethod === 'CRYPTO' ? { quote: { ...params.answer.crypto, paymentId: params.answer.paymentId }, coin: params.answer.crypto.cryptoCurrency } : {},
    ),
    noteInitFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.initFailed) })),
    changeHash: assign((_, params: { value: string }) => ({ hash: params.value.slice(0, 100), error: null })),
    noteHashInvalid: assign(({ context }) => ({
      error: { message: text.transactionHashInvalid(context.quote ? CRYPTO_CHAINS[context.quote.cryptoCurrency] : 'ethereum'), detail: null },
    })),
    noteConfirmFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error, text.cryptoConfirmFailed) })),
    noteQuoteExpired: assign({ error: { message: text.quoteExpired, detail: null } }),
    clearError: assign({ error: null }),
    keepResult: assign((_, params: { result: PaymentStepResponse }) => ({ result: params.result })),
    /** The app's clipboard (effects): once it has the text it sends `crypto.copy.done`. */
    copyText: (_, _params: { text: string; what: string }) => {},
    noteCopied: assign((_, params: { what: string }) => ({ copied: params.what })),
    clearCopied: assign({ copied: null }),
    expireCopyLater: raise({ type: 'crypto.copy.expired' } as const, { delay: 'COPY_CONFIRMATION', id: 'copyExpiry' }),
    cancelCopyExpiry: cancel('copyExpiry'),
    lockMethod: sendParent({ type: 'payment.method.busy', busy: true } satisfies PaymentChildParentEvent),
    unlockMethod: sendParent({ type: 'payment.method.busy', busy: false } satisfies PaymentChildParentEvent),
  },
  delays: { PRICE_RETRY: PRICE_RETRY_MS, CRYPTO_VERIFICATION: CRYPTO_VERIFICATION_MS, COPY_CONFIRMATION: COPY_CONFIRMATION_MS },
}).createMachine({
  id: 'paymentCrypto',
  description: "The crypto payment: current rates, a coin, the server's quote (amount and wallet), the transaction hash, then the server records the payment.",
  meta: {
    descriptions: {
      guards: {
        areRatesBelievable: 'The ETH and BTC euro rates are present and within the plausible ranges of spec section 5.',
        canRetry: 'The rates were tried fewer than CRYPTO_PRICE_RETRY_LIMIT times.',
        isCoinPriced: 'The coin chosen has a current rate.',
        isCoinChosen: 'The investor has chosen a coin.',
        isCryptoAnswer: 'The server answered with a crypto quote.',
        isHashValid: "The transaction hash pasted is a valid hash on the quote's chain.",
        isQuoteExpired: 'The server found the quote expired: a new one is needed.',
      },
      actions: {
        keepRates: 'Keeps the current crypto rates.',
        noteRatesRefused: 'Notes why the rates were not used.',
        noteRatesFailed: 'Notes why the rates could not be loaded.',
        countRetry: 'Counts one more try of the rates.',
        resetRetries: 'Starts the tries of the rates over.',
        chooseCoin: 'Takes the coin chosen.',
        noteChooseCoin: "Says, in the spec's words, that a coin must be chosen first.",
        keepQuote: "Keeps the server's quote: the amount to send and the receiving wallet.",
        noteInitFailed: "Says the payment could not be started (the server's words, else the spec's).",
        changeHash: 'Takes the transaction hash pasted.',
        noteHashInvalid: "Says, in the spec's words, that the hash is not valid on the quote's chain.",
        noteConfirmFailed: "Says the payment could not be recorded (the server's words, else the spec's).",
        noteQuoteExpired: 'Says the quote expired and a new amount is shown.',
        ...METHOD_ACTION_DESCRIPTIONS,
      },
      actors: {
        loadCryptoRates: 'Fetches the current crypto rates and receiving wallets (GET /api/payment/crypto-rates).',
        initiatePayment: 'Asks the server for a quote in the chosen coin: the amount to send and the wallet.',
        processPayment: 'Asks the server to record the payment with the transaction hash.',
      },
      delays: {
        PRICE_RETRY: 'The pause before the rates are tried again (2 s).',
        CRYPTO_VERIFICATION: 'The simulated verification of 1.5 s before the server is asked.',
        COPY_CONFIRMATION: "How long 'Copied' shows (2 s).",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ amounts: input.amounts, rates: null, retries: 0, ratesProblem: null, coin: null, quote: null, hash: '', error: null, copied: null, result: null }),
  initial: 'loadingRates',
  on: {
    'crypto.copy.done': { actions: ['cancelCopyExpiry', { type: 'noteCopied', params: ({ event }) => ({ what: event.what }) }, 'expireCopyLater'] },
    'crypto.copy.expired': { actions: 'clearCopied' },
  },
  states: {
    loadingRates: {
      description: 'Fetching the current crypto rates.',
      tags: ['loading'],
      invoke: {
        id: 'loadCryptoRates',
        src: 'loadCryptoRates',
        onDone: [
          { guard: { type: 'areRatesBelievable', params: ({ event }) => ({ rates: event.output }) }, target: 'choosing', actions: { type: 'keepRates', params: ({ event }) => ({ rates: event.output }) } },
          { target: 'ratesRefused', actions: { type: 'noteRatesRefused', params: ({ event }) => ({ rates: event.output }) } },
        ],
        onError: { target: 'ratesRefused', actions: { type: 'noteRatesFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** A load not used: tried again after a pause, up to the limit. */
    ratesRefused: { description: 'A load not used: tried again after a pause, up to the limit.', always: [{ guard: 'canRetry', target: 'waitingToRetry', actions: 'countRetry' }, { target: 'unavailable' }] },
    waitingToRetry: { description: 'Pausing before the rates are tried again.', tags: ['loading'], after: { PRICE_RETRY: 'loadingRates' } },
    /** 'Unable to Load Current Crypto Prices', 'Max Retries Reached', pay by card or wire; a manual retry starts over. */
    unavailable: { description: "'Unable to Load Current Crypto Prices', 'Max Retries Reached', pay by card or wire; a manual retry starts over.", on: { 'crypto.retry': { target: 'loadingRates', actions: 'resetRetries' } } },
    choosing: {
      description: 'The investor picks a coin (its rate, the amount to send, the wallet with copy); Continue asks for the quote.',
      on: {
        'crypto.wallet.copy': copyWallet,
        'crypto.coin.choose': { guard: { type: 'isCoinPriced', params: ({ event }) => ({ coin: event.coin }) }, actions: { type: 'chooseCoin', params: ({ event }) => ({ coin: event.coin }) } },
        'crypto.continue': [{ guard: 'isCoinChosen', target: 'initiating' }, { actions: 'noteChooseCoin' }],
      },
    },
    initiating: {
      description: 'Asking the server for its quote in the chosen coin.',
      tags: ['busy'],
      entry: ['lockMethod', 'clearError'],
      exit: 'unlockMethod',
      invoke: {
        id: 'initiatePayment',
        src: 'initiatePayment',
        input: ({ context }) => ({ paymentMethod: 'CRYPTO' as const, ...initiateAmounts(context.amounts), cryptoCurrency: context.coin! }),
        onDone: [
          { guard: { type: 'isCryptoAnswer', params: ({ event }) => ({ answer: event.output }) }, target: 'sending', actions: { type: 'keepQuote', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'choosing', actions: { type: 'noteInitFailed', params: { error: null } } },
        ],
        onError: { target: 'choosing', actions: { type: 'noteInitFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The server's quote is shown: send exactly its amount to its wallet, paste the hash, confirm. */
    sending: {
      description: "The server's quote is shown: send exactly its amount to its wallet, paste the hash, confirm.",
      on: {
        'crypto.wallet.copy': copyWallet,
        'crypto.hash.change': { actions: { type: 'changeHash', params: ({ event }) => ({ value: event.value }) } },
        'crypto.confirm': [{ guard: 'isHashValid', target: 'verifying' }, { actions: 'noteHashInvalid' }],
      },
    },
    /** Spec section 9: a simulated verification of 1.5 s before the server is asked. */
    verifying: {
      description: 'A simulated verification of 1.5 s before the server is asked.',
      tags: ['busy'],
      entry: ['lockMethod', 'clearError'],
      exit: 'unlockMethod',
      after: { CRYPTO_VERIFICATION: 'processing' },
    },
    processing: {
      description: 'The server records the payment with the transaction hash.',
      tags: ['busy'],
      entry: 'lockMethod',
      exit: 'unlockMethod',
      invoke: {
        id: 'processPayment',
        src: 'processPayment',
        input: ({ context }) => ({ paymentMethod: 'CRYPTO' as const, paymentId: context.quote!.paymentId, transactionId: context.hash.trim() }),
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          // A new quote (its amount shown), the hash kept: the investor confirms again against it.
          { description: 'An expired quote: a new one is asked for and the investor confirms again against it.', guard: { type: 'isQuoteExpired', params: ({ event }) => ({ error: event.error }) }, target: 'requoting' },
          { target: 'sending', actions: { type: 'noteConfirmFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    requoting: {
      description: 'The quote expired: asking for a new one (the new amount shown, the hash kept).',
      tags: ['busy'],
      entry: 'lockMethod',
      exit: 'unlockMethod',
      invoke: {
        id: 'initiatePayment',
        src: 'initiatePayment',
        input: ({ context }) => ({ paymentMethod: 'CRYPTO' as const, ...initiateAmounts(context.amounts), cryptoCurrency: context.coin! }),
        onDone: [
          {
            guard: { type: 'isCryptoAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'sending',
            actions: [{ type: 'keepQuote', params: ({ event }) => ({ answer: event.output }) }, 'noteQuoteExpired'],
          },
          { target: 'sending', actions: { type: 'noteInitFailed', params: { error: null } } },
        ],
        onError: { target: 'sending', actions: { type: 'noteInitFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { description: 'The server recorded the crypto payment.', type: 'final' },
  },
  output: ({ context }) => context.result!,
});

export type PaymentCryptoActorRef = ActorRefFrom<typeof paymentCryptoMachine>;
