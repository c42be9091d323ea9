/** Documents: the download button and the PDF viewer. */
export const documentMessages = {
  /** Spec "Download button" and "Downloads page": the button's states. */
  download: {
    idle: 'Download',
    downloading: 'Downloading',
    downloaded: 'Downloaded',
    failed: 'Failed',
    fileNotAvailable: 'File not available for download',
    downloadFailed: 'Download failed',
    failedTryAgain: 'Failed to download file. Please try again.',
    authRequired: 'Authentication required for download',
    /** Spec section 8 "Downloads": a signed document's download refused without words of the server's. */
    failedWithStatus: (status: number) => `Download failed with status ${status}`,
  },
  /** Spec "Downloads page": the list's states, also the `message` of GET /api/downloads/list. */
  downloads: {
    none: 'No Documents Available',
    notGenerated: 'Documents Not Generated Yet',
    available: (count: number, total: number) => `${count} of ${total} signed legal documents available`,
  },
  pdf: {
    http: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
    empty: 'PDF file is empty',
    password: 'This PDF requires a password',
    failed: (reason: string) => `Failed to load PDF: ${reason}`,
    libraryFailed: 'PDF.js failed to load',
    initFailed: 'Failed to initialize PDF viewer',
    renderFailed: 'Error rendering PDF pages',
    tryAgain: 'Try Again',
    reloadPage: 'Reload Page',
    pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  },
} as const;
