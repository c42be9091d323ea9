/** A Mailer for in-process tests: keeps every message, and finds the newest code mailed to an address. */
import type { MailMessage, Mailer } from '../../../src/server/providers/mail/mailer.ts';

export type MemoryMailer = Mailer & {
  readonly sent: MailMessage[];
  /** The code in the newest message to `email` (throws when none was mailed). */
  latestCode(email: string): string;
  countTo(email: string): number;
};

export const CODE_IN_TEXT = /code is (\d{6})\b/;

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    description: 'memory',
    sent,
    // Mail arrives through the durable jobs, which the harness runs after every answer (t.runDueJobs()).
    send(message) {
      sent.push(message);
      return Promise.resolve();
    },
    latestCode(email) {
      const message = sent.findLast((m) => m.to === email.trim().toLowerCase());
      const code = message && CODE_IN_TEXT.exec(message.text)?.[1];
      if (!code) throw new Error(`no code was mailed to ${email} (a request made outside the harness helpers needs t.runDueJobs())`);
      return code;
    },
    countTo: (email) => sent.filter((m) => m.to === email.trim().toLowerCase()).length,
  };
}
