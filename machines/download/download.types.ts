export type DownloadInput = {
  /** The authenticated path of the file (e.g. kycDownloadPath(fileName)); null when there is nothing to fetch. */
  path: string | null;
  /** The name to save under when the answer names none (default 'document.pdf'). */
  fileName?: string;
  /** Whose words a failure is told in (spec section 8): the KYC files' (default) or the signed documents'. */
  words?: DownloadWords;
};

/** Spec section 8: KYC downloads have fixed sentences; signed documents give the server's error or the status. */
export type DownloadWords = 'kyc' | 'signedDocument';

export type DownloadContext = { path: string | null; fileName: string; words: DownloadWords; savedAs: string | null; error: string | null };

export type DownloadEvent = { type: 'download.start' };

export type DownloadFileInput = { path: string; fileName: string };
/** The name the file was saved under (from Content-Disposition, else the input's). */
export type DownloadFileOutput = { fileName: string };

export type DownloadTag = 'downloading';
