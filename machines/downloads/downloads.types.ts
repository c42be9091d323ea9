import type { DocumentsResponse } from '../../src/shared/documents.ts';

export type DownloadsContext = {
  /** The last list the server gave (kept on screen while it is asked again). */
  list: DocumentsResponse | null;
  /** Why the last load failed ('Failed to load documents' or the server's words), while that is what is shown. */
  error: string | null;
};

export type DownloadsEvent =
  /** 'Refresh', 'Check Again', 'Try Again': ask the server now. */
  { type: 'downloads.refresh' };

export type LoadDocumentsOutput = DocumentsResponse;
