/** The server's mail as a tester reads it: the .eml files in DATA_DIR/outbox (no SMTP in e2e runs). */
import { readdirSync } from 'node:fs';
import { dataPath, readDataFile } from './browser.ts';

/** The .eml files the server wrote for `address`, oldest first (DATA_DIR/outbox/<time>-<id>.eml). */
export function mailsTo(address: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dataPath('outbox')).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((n) => readDataFile('outbox', n).toString('utf8')).filter((eml) => eml.split('\r\n\r\n')[0]?.split('\r\n').includes(`To: ${address}`));
}

/**
 * Waits for the `nth` mail to `address` (the server mails after answering) and returns its code. A plain poll, so
 * hooks can use it too (expect.poll works only inside a test).
 */
export async function codeFromOutbox(address: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const code = /code is (\d{6})\b/.exec(mailsTo(address)[nth - 1] ?? '')?.[1];
    if (code) return code;
    if (Date.now() - started > timeoutMs) throw new Error(`no code in mail ${nth} to ${address}`);
  }
}
