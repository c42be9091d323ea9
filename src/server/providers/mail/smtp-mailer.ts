/** SMTP delivery through nodemailer, used when SMTP_URL or SMTP_HOST is configured. */
import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../../config/mail-env.ts';
import { assertHeaderSafe, type Mailer } from './mailer.ts';

export function createSmtpMailer(settings: SmtpSettings): Mailer & { verify(): Promise<void>; close(): Promise<void> } {
  const transport = settings.url
    ? nodemailer.createTransport(settings.url)
    : nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
      });
  return {
    description: `SMTP ${settings.display}`,
    async verify() {
      await transport.verify();
    },
    async send(message) {
      assertHeaderSafe('To', message.to);
      assertHeaderSafe('Subject', message.subject);
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
