/** Pure rules of the investment's status page (the complete page, issue 28). */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import type { InvestmentStatusResponse, PaymentStage } from '../../src/shared/investment-status.ts';
import { investmentStatusWords } from '../../src/shared/messages/investment-status-page.ts';

/** While the foundation or a provider still has to act, the page asks again by itself; otherwise only when asked. */
const WAITING_STAGES: readonly PaymentStage[] = ['cardPending', 'awaitingFunds', 'onHold', 'refundPending'];

/** Whether the investor is waiting on someone else: money to arrive or go back, a review, tokens to be issued. */
export function isWaitingOnOthers(status: InvestmentStatusResponse | null): boolean {
  if (!status) return false;
  const stage = status.payment?.stage;
  if (stage && WAITING_STAGES.includes(stage)) return true;
  if (status.review.standing === 'underReview') return true;
  return stage === 'paid' && status.tokens === null;
}

/** 'We could not load where your investment stands.', or the server's message when it answered with one. */
export function loadFailureText(error: unknown): string {
  if (isApiError(error) && error.status > 0) return serverMessageOf(error) ?? investmentStatusWords.loadFailed;
  return investmentStatusWords.loadFailed;
}
