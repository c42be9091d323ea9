/** The words a failed download shows (spec section 8: KYC's fixed sentences; the signed documents' server words or status). */
import { describe, expect, it } from 'vitest';
import { downloadErrorText } from '../../../machines/download/download.rules.ts';
import { ApiError, apiErrorFromBody } from '../../../src/shared/api-error.ts';
import { messages } from '../../../src/shared/messages.ts';

describe('downloadErrorText', () => {
  it("KYC files keep the spec's sentences whatever the server said", () => {
    expect(downloadErrorText(apiErrorFromBody(404, { error: 'Not found' }))).toBe(messages.download.fileNotAvailable);
    expect(downloadErrorText(apiErrorFromBody(500, { error: 'Boom' }))).toBe(messages.download.failedTryAgain);
    expect(downloadErrorText(new ApiError(messages.download.authRequired, 401, null))).toBe(messages.download.authRequired);
  });

  it("a signed document says the server's error, else 'Download failed with status {status}'", () => {
    expect(downloadErrorText(apiErrorFromBody(404, { error: 'Not found' }), 'signedDocument')).toBe('Not found');
    expect(downloadErrorText(apiErrorFromBody(502, null), 'signedDocument')).toBe('Download failed with status 502');
    expect(downloadErrorText(new ApiError(messages.general.network, 0, null), 'signedDocument')).toBe(messages.download.failedTryAgain);
    expect(downloadErrorText(new ApiError(messages.download.authRequired, 401, null), 'signedDocument')).toBe(messages.download.authRequired);
  });
});
