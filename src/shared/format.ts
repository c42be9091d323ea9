/** Display formatters shared by views, charts and messages (spec section 9: en-GB, EUR without decimals). */

const eurFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const plainFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "€25,000": en-GB, no decimals (spec section 9). */
export const formatEur = (amount: number): string => eurFormat.format(amount);
const eurCentsFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
/** "€25,840.50": money that moved or is due, to the cent (payments carry a fee in cents). */
export const formatEurCents = (cents: number): string => eurCentsFormat.format(cents / 100);
/** "25,000" for the amount messages, which put the € sign themselves. */
export const formatAmountPlain = (amount: number): string => plainFormat.format(amount);
export const formatTokensInput = (tokens: number): string => tokens.toFixed(2);
const tokensFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 });
/** A token count, up to six decimals (spec section 9: summaries). */
export const formatTokensSummary = (tokens: number): string => tokensFormat.format(tokens);
export const formatTokenPrice = (price: number): string => price.toFixed(2);

/** 'm:ss' for a count of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A reading time as words: '1 minute', '2 minutes', '30 seconds', '1 minute 30 seconds'. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
