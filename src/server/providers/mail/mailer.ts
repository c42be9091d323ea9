/**
 * Outgoing mail, the `mail` provider. Real: SMTP (nodemailer) when SMTP settings are configured; stand-in: the
 * outbox writer (one RFC 822 .eml file per message under DATA_DIR/outbox). Tests pass their own as `providers.mail`.
 */
export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Where messages go, for the start log line (never a password). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
};

/** Header values travel verbatim into the message: a line break would let a value add headers. */
export function assertHeaderSafe(name: string, value: string): void {
  if (/[\r\n]/.test(value)) throw new Error(`Mail header ${name} contains a line break`);
}
