/**
 * The login codes of many investors at once, read from DATA_DIR/outbox (no SMTP configured). bench-investor.ts reads
 * every .eml on each poll, which is fine for a few investors; at a thousand that is a million file reads in the bench
 * process, competing with the server for the same two cores. Here one poller reads each new file once and hands the
 * code to whoever waits for that address.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const CODE_IN_MAIL = /code is (\d{6})\b/;
const TO_LINE = /^To: (.+)$/m;

export class OutboxCodes {
  private readonly seen = new Set<string>();
  private readonly codes = new Map<string, string>();
  private readonly waiting = new Map<string, { resolve(code: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private polling: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dir: string, private readonly intervalMs = 20) {}

  /** The code of the next mail to `email` not handed out yet (a registration mails once). */
  code(email: string, timeoutMs = 30_000): Promise<string> {
    const known = this.codes.get(email);
    if (known) {
      this.codes.delete(email);
      return Promise.resolve(known);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(email);
        reject(new Error(`no login code for ${email} in ${this.dir} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(email, { resolve, reject, timer });
      this.schedule();
    });
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const [, waiter] of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('outbox reader stopped'));
    }
    this.waiting.clear();
  }

  private schedule(): void {
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        if (this.waiting.size > 0) this.schedule();
      });
    }, this.intervalMs);
  }

  private async poll(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.eml') && !this.seen.has(n));
    } catch {
      return; // not created yet
    }
    for (const name of names) {
      const eml = await readFile(join(this.dir, name), 'utf8').catch(() => null);
      if (eml === null) continue; // being written: next poll
      this.seen.add(name);
      const header = eml.split('\r\n\r\n')[0] ?? '';
      const to = TO_LINE.exec(header.replace(/\r\n/g, '\n'))?.[1]?.trim();
      const code = CODE_IN_MAIL.exec(eml)?.[1];
      if (!to || !code) continue;
      const waiter = this.waiting.get(to);
      if (waiter) {
        this.waiting.delete(to);
        clearTimeout(waiter.timer);
        waiter.resolve(code);
      } else {
        this.codes.set(to, code);
      }
    }
  }
}
