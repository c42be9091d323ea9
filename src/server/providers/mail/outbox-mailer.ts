/**
 * The default mailer when no SMTP server is configured: every message becomes DATA_DIR/outbox/<time>-<id>.eml.
 * Written to a temporary name and renamed, so a reader never sees half a file. The outbox holds live login
 * codes: directory 0700, files 0600. A tester reads the newest file (`ls DATA_DIR/outbox`, then `cat`).
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../clock.ts';
import type { Log } from '../../log.ts';
import { maskEmail } from '../../auth/email-code.ts';
import type { Mailer } from './mailer.ts';
import { formatEml } from './rfc822.ts';

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** 2026-01-02T10:00:00.123Z -> 20260102T100000123Z: sorts by time as text. */
const fileStamp = (date: Date) => date.toISOString().replace(/[-:.]/g, '');

export function createOutboxMailer({ dir, from, clock, log }: { dir: string; from: string; clock: Clock; log: Log }): Mailer {
  let ready: Promise<void> | null = null;
  const ensureDir = () =>
    (ready ??= mkdir(dir, { recursive: true, mode: 0o700 })
      .then(() => chmod(dir, 0o700))
      .catch((error: unknown) => {
        ready = null;
        throw error;
      }));
  return {
    description: `outbox ${dir}`,
    async send(message) {
      await ensureDir();
      const date = clock.now();
      const id = randomUUID();
      const name = `${fileStamp(date)}-${id}.eml`;
      const eml = formatEml(message, { from, date, messageId: `${id}@g2g-portal.outbox` });
      const temporary = join(dir, `.${name}.tmp`);
      await writeFile(temporary, eml, { mode: 0o600 });
      await rename(temporary, join(dir, name));
      log.info(`Mail to ${maskEmail(message.to)} written to ${join(dir, name)}`);
    },
  };
}
