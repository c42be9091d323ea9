/** Pure helpers of the download button (spec section 4 "Download button", section 9 "Default download file name"). */
import { isApiError, serverMessageOf } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import type { DownloadWords } from './download.types.ts';

export const DEFAULT_DOWNLOAD_NAME = 'document.pdf';

/**
 * What a failed download says: no token -> 'Authentication required for download'; a file the server does not
 * have (or not for this investor) -> 'File not available for download'; anything else -> 'Failed to download file.
 * Please try again.' (the button itself reads 'Failed' meanwhile). A signed document (spec section 8 "Downloads")
 * says the server's error, else 'Download failed with status {status}'; a network failure keeps the KYC sentence.
 */
export function downloadErrorText(error: unknown, words: DownloadWords = 'kyc'): string {
  if (isApiError(error) && error.status === 401) return messages.download.authRequired;
  if (words === 'signedDocument' && isApiError(error) && error.status > 0) return serverMessageOf(error) ?? messages.download.failedWithStatus(error.status);
  if (isApiError(error) && error.status === 404) return messages.download.fileNotAvailable;
  return messages.download.failedTryAgain;
}

/**
 * The file name of a Content-Disposition header (RFC 6266: filename* in UTF-8 wins over filename), reduced to a
 * plain base name; the fallback when there is none.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  let name: string | undefined;
  try {
    name = extended?.[1] ? decodeURIComponent(extended[1].trim()) : undefined;
  } catch {
    name = undefined;
  }
  name ??= plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}
