/**
 * Registers one investor on a spawned portal the way a person does: POST /api/auth/register answers a code
 * challenge, the code arrives in DATA_DIR/outbox (no SMTP configured), POST /api/auth/verify returns the token.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { tokensFor } from '../../shared/registration.ts';
import { READY_PATH } from './spawn-server.ts';

const CODE_IN_MAIL = /code is (\d{6})\b/;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The code in the newest outbox mail to `email`; the server writes it just after answering, so wait a little. */
async function codeFromOutbox(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse();
    } catch {
      // not created yet
    }
    for (const name of names) {
      const eml = readFileSync(join(outbox, name), 'utf8');
      if (!eml.split('\r\n\r\n')[0]?.split('\r\n').includes(`To: ${email}`)) continue;
      const code = CODE_IN_MAIL.exec(eml)?.[1];
      if (code) return code;
    }
    await delay(20);
  }
  throw new Error(`no login code for ${email} in ${outbox} within ${timeoutMs} ms`);
}

/** A registered investor's session token. */
export async function registerBenchInvestor(baseUrl: string, dataDir: string): Promise<string> {
  return (await registerInvestor(baseUrl, dataDir, `bench-${Date.now()}`)).token;
}

/**
 * A new investor registered under `label@example.com` (unique per data dir): its token, user id and the user record the
 * app keeps. `headers` go with both calls (e.g. X-Forwarded-For behind TRUST_PROXY, one client address per investor).
 */
export async function registerInvestor(baseUrl: string, dataDir: string, label: string, headers: Record<string, string> = {}): Promise<{ token: string; userId: string; user: Record<string, unknown> }> {
  const limits = (await (await fetch(baseUrl + READY_PATH)).json()) as { tokenPrice: number };
  const investmentAmount = 25_000;
  const email = `${label}@example.com`;
  const register = await postJson(`${baseUrl}/api/auth/register`, {
    email,
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, limits.tokenPrice),
    investorType: 'individual',
    fullName: 'Bench Investor',
    dateOfBirth: '1980-01-01',
    nationality: 'German',
    walletAddress: `0x${'a'.repeat(40)}`,
    primaryJurisdiction: 'eu',
  }, headers);
  if (register.status !== 202 || typeof register.json.challengeId !== 'string') {
    throw new Error(`registration failed: ${register.status} ${JSON.stringify(register.json)}`);
  }
  const code = await codeFromOutbox(dataDir, email);
  const verify = await postJson(`${baseUrl}/api/auth/verify`, { challengeId: register.json.challengeId, code }, headers);
  const user = verify.json.user as { userId?: unknown } | undefined;
  if (verify.status !== 200 || typeof verify.json.token !== 'string' || typeof user?.userId !== 'string') {
    throw new Error(`verification failed: ${verify.status} ${JSON.stringify(verify.json)}`);
  }
  return { token: verify.json.token, userId: user.userId, user: user as Record<string, unknown> };
}
