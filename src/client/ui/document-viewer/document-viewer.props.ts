export interface DocumentViewerProps {
  /** Where the PDF bytes come from (an API path or a public asset). */
  url: string;
  /** Bearer token for protected documents; omit or null for public ones such as the NDA. */
  token?: string | null;
  /** Names the document for assistive technology ("Page 2 of {title}") and in the toolbar. */
  title?: string;
  /** Shows a "Review mode" label; never blocks anything. */
  reviewMode?: boolean;
  /** Called once when the reader first scrolls to within 5 px of the end of the document. */
  onReachedEnd?: () => void;
  /** A protected document answered 401: the session is gone (spec: any 401 clears the session and reloads). */
  onUnauthorized?: () => void;
}
