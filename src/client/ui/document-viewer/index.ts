/** Public surface of the document viewer: a lazily loaded component (pdf.js loads only when shown). */
export { DocumentViewer, prewarmPdfViewer } from './LazyDocumentViewer.tsx';
export type { DocumentViewerProps } from './document-viewer.props.ts';
