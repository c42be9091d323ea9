/** Pure rules of the case work panel (issue 29). */
/** The server's words (an ApiError's message), else the fallback. */
const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export const holderErrorText = (error: unknown) => errorText(error, 'Who holds the case could not be changed.');
export const noteErrorText = (error: unknown) => errorText(error, 'The note could not be saved.');
