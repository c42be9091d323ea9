/**
 * The server's mailer from its settings, checked at start: SMTP is verified (connection and login) so a wrong
 * host or password stops the start instead of silently losing every code; the outbox directory is created.
 */
import { mkdir } from 'node:fs/promises';
import type { Clock } from '../../clock.ts';
import { ConfigError } from '../../config/env.ts';
import type { MailSettings } from '../../config/mail-env.ts';
import type { Log } from '../../log.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer, outboxDir } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export async function createMailer(settings: MailSettings, { dataDir, clock, log }: { dataDir: string; clock: Clock; log: Log }): Promise<Mailer> {
  if (settings.kind === 'outbox') {
    const dir = outboxDir(dataDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    log.info(`No SMTP server configured: emails (login codes) are written to ${dir}/<time>-<id>.eml`);
    return createOutboxMailer({ dir, from: settings.from, clock, log });
  }
  const mailer = createSmtpMailer(settings.smtp);
  try {
    await mailer.verify();
  } catch (error) {
    await mailer.close();
    const reason = error instanceof Error ? error.message.replace(/\S+:\/\/\S+/g, '<url>') : 'unknown error';
    throw new ConfigError(settings.smtp.url ? 'SMTP_URL' : 'SMTP_HOST', `the SMTP server ${settings.smtp.display} cannot be used (${reason}).`);
  }
  log.info(`Emails (login codes) are sent through SMTP ${settings.smtp.display}`);
  return mailer;
}
