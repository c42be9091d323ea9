/**
 * The back-office's one way of writing a moment (issue 29): in the staff member's own locale and time zone, always
 * with the zone named, so two people reading one case across borders know which hour they mean. The audit trail keeps
 * its own UTC form (audit-format.ts): its times are compared across machines.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The browser's first language, else British English (the portal's words). */
export const staffLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-GB';

function formatFor(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** "28 Nov 2026, 14:05 CET" (en-GB); tests pass a locale and a zone to get one answer on every machine. */
export const staffDateTime = (iso: string, locale = staffLocale(), timeZone?: string): string => formatFor(locale, timeZone).format(new Date(iso));

/** The staff member's day as YYYY-MM-DD, in their own time zone: a receipt's date starts there. */
export const staffToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
