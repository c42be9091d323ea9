/**
 * The e2e run's first issuer admin (issue 15), made once by the global setup: the server is stopped, the
 * staff:invite command invites E2E_ADMIN_EMAIL on its data dir (as an operator would), the server starts again on
 * the same port, and the admin's passkey is enrolled from the mailed link with a software passkey whose key is kept
 * in DATA_DIR/e2e-staff-admin.json. Every e2e file can then sign the admin in over the API (code from the outbox +
 * that key) to invite the staff members it needs (harness/staff.ts).
 *
 * Passkeys need a host name (never an IP address): the pages and this file use http://localhost:<port>, which the
 * server (without PUBLIC_URL) accepts as the passkeys' origin, rpID 'localhost'.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runStaffInvite } from '../../../src/server/staff-invite.ts';
import { SoftAuthenticator } from '../../api/support/admin-sign-in-authenticator.ts';

export const E2E_ADMIN_EMAIL = 'e2e.admin@foundation.example';
export const ADMIN_KEY_FILE = 'e2e-staff-admin.json';

export const localOrigin = (baseUrl: string) => baseUrl.replace('://127.0.0.1', '://localhost');

/** The newest enrolment secret mailed to `email` in the outbox of `dataDir`. */
export function enrolSecretInOutbox(dataDir: string, email: string): string | null {
  let names: string[] = [];
  try {
    names = readdirSync(join(dataDir, 'outbox')).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return null;
  }
  const mails = names.map((n) => readFileSync(join(dataDir, 'outbox', n), 'utf8').replace(/=\r?\n/g, '')).filter((eml) => eml.includes(`To: ${email}\r\n`));
  const last = mails.at(-1);
  return (last && /\/admin\/enrol#([A-Za-z0-9_-]{43})/.exec(last)?.[1]) ?? null;
}

/**
 * Invites the admin with the command (server stopped), then, once `restart` brought it back, enrols the passkey. The
 * command gets the server's port, as an operator of a server without PUBLIC_URL gives it (its link is then
 * http://localhost:<port>/admin/enrol#...).
 */
export async function bootstrapStaffAdmin(dataDir: string, port: number, restart: () => Promise<string>): Promise<void> {
  let err = '';
  const code = await runStaffInvite([E2E_ADMIN_EMAIL, 'issuer-admin', '--name', 'E2E Admin'], { DATA_DIR: dataDir, PORT: String(port) }, () => {}, (s) => (err += s));
  if (code !== 0) throw new Error(`[e2e] staff:invite failed: ${err}`);
  const origin = localOrigin(await restart());
  const secret = enrolSecretInOutbox(dataDir, E2E_ADMIN_EMAIL);
  if (!secret) throw new Error('[e2e] no enrolment link for the e2e admin in the outbox');
  const key = new SoftAuthenticator(origin, 'localhost');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`[e2e] ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { options } = await post('/api/admin/auth/enrol/options', { secret });
  await post('/api/admin/auth/enrol', { secret, response: key.register(options) });
  writeFileSync(
    join(dataDir, ADMIN_KEY_FILE),
    JSON.stringify({ credentialId: key.credentialId.toString('base64url'), privateKey: key.privateKey.export({ format: 'jwk' }), publicKey: key.publicKey.export({ format: 'jwk' }) }),
    { mode: 0o600 },
  );
}
