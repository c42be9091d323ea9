/** Pure rules of the downloads page (spec section 8 "Downloads"). */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';

/** 'Failed to load documents', or the server's message when it answered with one. */
export function loadFailureText(error: unknown): string {
  if (isApiError(error) && error.status > 0) return serverMessageOf(error) ?? messages.downloadsPage.loadFailed;
  return messages.downloadsPage.loadFailed;
}
