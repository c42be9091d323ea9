/**
 * The foundation's own payment details for a production start in the tests: NODE_ENV=production takes no demo wallet
 * or bank account (where investors send real money), so every production start names these.
 */
export const FOUNDATION_PAYMENT_ENV: Record<string, string> = {
  ...Object.fromEntries(['ETH', 'USDC', 'USDT'].map((coin) => [`CRYPTO_WALLET_${coin}`, `0x${'2a'.repeat(20)}`])),
  CRYPTO_WALLET_BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  BANK_NAME: 'Foundation Bank',
  BANK_ACCOUNT_NAME: 'G2G Token Foundation',
  BANK_IBAN: 'GB33BUKB20201555555555',
  BANK_BIC: 'BUKBGB22',
};
