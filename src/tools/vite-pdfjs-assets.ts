import type { Plugin } from 'vite';
/** Placeholder replaced by the document-viewer work: copies pdf.js cMaps and standard fonts into the build. */
export function pdfjsAssets(): Plugin {
  return { name: 'pdfjs-assets' };
}
