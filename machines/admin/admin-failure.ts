/** The words a back-office page shows for a failed call: the server's (AdminApiError carries them), or a general line. */
export const GENERAL_FAILURE = 'Something went wrong. Please try again.';

export function failureText(error: unknown): string {
  return error instanceof Error && error.message && error.name === 'AdminApiError' ? error.message : GENERAL_FAILURE;
}

/** The HTTP status of a failed call (AdminApiError), or 0. */
export const failureStatus = (error: unknown): number =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;

/**
 * The words the money and audit pages show for a failed call: the server's own (only an answer the API client made
 * carries a status), else a plain fallback.
 */
export const ADMIN_CALL_FAILED = 'The request failed. Try again.';

export function adminFailureText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') {
    const message = (error as { message: string }).message.trim();
    // Only an answer the API client made carries a status: a bare Error from elsewhere is not the server's words.
    if (message && 'status' in error) return message;
  }
  return ADMIN_CALL_FAILED;
}
