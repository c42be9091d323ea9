/** The words a back-office page shows for a failed call: the server's (AdminApiError carries them), or a general line. */
export const GENERAL_FAILURE = 'Something went wrong. Please try again.';

export function failureText(error: unknown): string {
  return error instanceof Error && error.message && error.name === 'AdminApiError' ? error.message : GENERAL_FAILURE;
}

/** The HTTP status of a failed call (AdminApiError), or 0. */
export const failureStatus = (error: unknown): number =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
