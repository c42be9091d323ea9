/**
 * A registered investor's whole verify answer (token and session user), for benches that open the app in a
 * browser: the app keeps both in localStorage. Same steps as bench-investor.ts (register, code from
 * DATA_DIR/outbox, verify), which only hands back the token.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { AuthResponse, CodeChallenge } from '../../shared/auth.ts';
import { tokensFor } from '../../shared/registration.ts';
import { READY_PATH } from './spawn-server.ts';

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The server mails just after answering: wait a little for the file. */
async function codeFromOutbox(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (const started = Date.now(); Date.now() - started < timeoutMs; await delay(20)) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
    } catch {
      continue; // not created yet
    }
    for (const name of names) {
      const eml = readFileSync(join(outbox, name), 'utf8');
      if (!eml.split('\r\n\r\n')[0]?.split('\r\n').includes(`To: ${email}`)) continue;
      const code = /code is (\d{6})\b/.exec(eml)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no login code for ${email} in ${outbox} within ${timeoutMs} ms`);
}

export async function registerBenchSession(baseUrl: string, dataDir: string): Promise<AuthResponse> {
  const { tokenPrice } = (await (await fetch(baseUrl + READY_PATH)).json()) as { tokenPrice: number };
  const investmentAmount = 25_000;
  const email = `bench-viewer-${Date.now()}@example.com`;
  const { challengeId } = await post<CodeChallenge>(`${baseUrl}/api/auth/register`, {
    email,
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, tokenPrice),
    investorType: 'individual',
    fullName: 'Bench Reader',
    dateOfBirth: '1980-01-01',
    nationality: 'German',
    walletAddress: `0x${'b'.repeat(40)}`,
    primaryJurisdiction: 'eu',
  });
  const code = await codeFromOutbox(dataDir, email);
  return post<AuthResponse>(`${baseUrl}/api/auth/verify`, { challengeId, code });
}
