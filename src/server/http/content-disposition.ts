/**
 * Content-Disposition for a download of a file whose name came from a browser: always `attachment`, a plain ASCII
 * `filename` any client understands (quotes, backslashes, control and non-ASCII characters replaced), and the real
 * name as RFC 5987 `filename*` (UTF-8, percent-encoded) for clients that read it. Nothing in it can end the header.
 */
const RFC5987_EXTRA = /['()*!]/g;

export function attachmentDisposition(name: string, fallback: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || fallback;
  const encoded = encodeURIComponent(name).replace(RFC5987_EXTRA, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
