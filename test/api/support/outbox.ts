/**
 * Reads the codes a real server wrote to DATA_DIR/outbox (the default mailer), as a tester would: the newest
 * .eml to the address. Delivery is not awaited by the server, so this waits until the expected mail is there.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { outboxDir } from '../../../src/server/providers/mail/outbox-mailer.ts';

export type OutboxMessage = { file: string; headers: Record<string, string>; body: string };

export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const messages: OutboxMessage[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const text = await readFile(join(dir, name), 'utf8');
    const [head = '', ...rest] = text.split('\r\n\r\n');
    const headers = Object.fromEntries(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    messages.push({ file: name, headers, body: rest.join('\r\n\r\n') });
  }
  return messages;
}

/** The code of the `nth` (1-based) message to `email`, waiting for it to be written. */
export async function codeFromOutbox(dataDir: string, email: string, nth = 1): Promise<string> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(dataDir)).filter((m) => m.headers.to === email)[nth - 1];
      return found !== undefined;
    })
    .toBe(true);
  const code = /code is (\d{6})\b/.exec(found?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${found?.file}`);
  return code;
}
