/** Words for a failed back-office call: the server's own (AdminApiError carries them), or a plain fallback. */
export const ADMIN_CALL_FAILED = 'The request failed. Try again.';

export function adminFailureText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') {
    const message = (error as { message: string }).message.trim();
    // Only an answer the API client made carries a status: a bare Error from elsewhere is not the server's words.
    if (message && 'status' in error) return message;
  }
  return ADMIN_CALL_FAILED;
}
