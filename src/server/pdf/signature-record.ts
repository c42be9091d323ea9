/**
 * What the portal knows about one signature when it makes the signed document: the agreement, the investor as
 * registered, the confirmations ticked, when and from where. The job handler builds it from the database rows; the
 * stamping (stamp-signed-agreement.ts) prints it on the signature page. Plain data, so it crosses to the sealing
 * worker thread unchanged (structured clone keeps the Date).
 */
export type SignatureRecord = {
  agreement: {
    /** The server key, e.g. 'ppm'. */
    key: string;
    /** As on the document, e.g. 'Private Placement Memorandum'. */
    title: string;
  };
  investor: {
    type: 'individual' | 'entity';
    /** The individual's full name, or the entity's name, as registered. */
    name: string;
    /** An entity's authorised signatory as registered (who drew the signature); null for an individual. */
    authorisedSignatory: string | null;
    email: string;
    walletAddress: string;
  };
  /** The checkboxes the investor confirmed, in the order shown, with the words shown. */
  confirmations: { id: string; text: string }[];
  /** When the investor pressed 'Complete Agreement' (the server's clock). */
  signedAt: Date;
  /** The client's address and user agent as the audit trail records them; null when unknown. */
  ipAddress: string | null;
  userAgent: string | null;
};

/** The seal's certificate, named on the signature page. */
export type SealCertificateInfo = { subject: string; fingerprintSha256: string };

/** 2026-03-04T10:15:30.123Z -> "Wednesday, 4 March 2026, 10:15:30 UTC". */
export function readableUtc(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}:${part('second')} UTC`;
}

/** "2026-03-04 10:15:30 UTC": the date line of the signature block. */
export const shortUtc = (date: Date): string => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
