/** The words a screen shows for a failure: the error's own message (an API error carries the server's words), else the fallback. */
export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
