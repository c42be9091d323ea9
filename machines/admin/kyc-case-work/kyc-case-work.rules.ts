/** Pure rules of the case work panel (issue 29). */
import { errorText } from '../../../src/shared/error-text.ts';

export const holderErrorText = (error: unknown) => errorText(error, 'Who holds the case could not be changed.');
export const noteErrorText = (error: unknown) => errorText(error, 'The note could not be saved.');
