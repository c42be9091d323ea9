/** A copy button whose label says 'Copied' for the 2 s the chart keeps it (spec section 9), announced politely. */
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';

const text = { ...messages.payment, ...paymentPageMessages };

export function CopyButton({ what, copied, onCopy }: { what: string; copied: boolean; onCopy: () => void }) {
  return (
    <button type="button" className={['payment-copy', copied ? 'payment-copy--done' : ''].filter(Boolean).join(' ')} aria-label={copied ? `${text.copied}: ${what}` : text.copyLabel(what)} onClick={onCopy}>
      <span aria-live="polite">{copied ? text.copied : text.copy}</span>
    </button>
  );
}
