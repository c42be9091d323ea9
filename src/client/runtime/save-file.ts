/**
 * Saving bytes as a file, the one way browsers allow a page to: an object URL on a clicked <a download>. Both apps
 * use it (an investor's signed documents, a finance officer's CSV).
 */
export type SaveFile = (blob: Blob, fileName: string) => void;

export const saveBlob: SaveFile = (blob, fileName) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click hands the URL over synchronously in current browsers; revoke a little later for the slower ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
