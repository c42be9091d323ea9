/**
 * Where our own server serves pdf.js's data files (copied there by src/tools/vite-pdfjs-assets.ts):
 * nothing comes from a CDN. pdf.js wants absolute URLs ending in '/', fetched from its worker.
 */
export const PDFJS_ASSET_DIR = 'pdfjs';
export const PDFJS_ASSET_FOLDERS = { cMap: 'cmaps', standardFontData: 'standard_fonts', wasm: 'wasm', icc: 'iccs' } as const;

export interface PdfjsAssetUrls {
  cMapUrl: string;
  standardFontDataUrl: string;
  wasmUrl: string;
  iccUrl: string;
}

export function pdfjsAssetUrls(baseUrl: string, pageUrl: string): PdfjsAssetUrls {
  const url = (folder: string) => new URL(`${baseUrl}${PDFJS_ASSET_DIR}/${folder}/`, pageUrl).href;
  return {
    cMapUrl: url(PDFJS_ASSET_FOLDERS.cMap),
    standardFontDataUrl: url(PDFJS_ASSET_FOLDERS.standardFontData),
    wasmUrl: url(PDFJS_ASSET_FOLDERS.wasm),
    iccUrl: url(PDFJS_ASSET_FOLDERS.icc),
  };
}
