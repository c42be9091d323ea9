/**
 * Staff sign-in for tests that walk it (issue 15): an app whose public origin is ORIGIN, a member invited with the
 * staff:invite command's domain function, enrolled with a software passkey, and the code + passkey sign-in.
 */
import type { Hono } from 'hono';
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import type { AppEnv } from '../../../src/server/app-context.ts';
import { inviteByCommand } from '../../../src/server/domain/admin/staff-invite-command.ts';
import type { ApiTest } from '../harness.ts';
import { SoftAuthenticator } from './admin-sign-in-authenticator.ts';
import { uniqueStaffEmail } from './staff.ts';

export const ORIGIN = 'https://backoffice.g2g.example';
export const RP_ID = 'backoffice.g2g.example';

export type Caller = {
  app: Hono<AppEnv>;
  post(path: string, body: unknown, options?: { token?: string; ip?: string }): Promise<Response>;
  put(path: string, body: unknown, token: string): Promise<Response>;
  get(path: string, token: string): Promise<Response>;
};

/** Calls an app made with `publicUrl: ORIGIN` on the test's database; the mail jobs run after each answer. */
export function callerFor(t: ApiTest): Caller {
  let app: Hono<AppEnv> | undefined;
  const theApp = () => (app ??= t.makeApp({ publicUrl: ORIGIN }));
  const run = async (res: Promise<Response> | Response) => {
    const answer = await res;
    await t.runDueJobs();
    return answer;
  };
  const headers = (token?: string) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
  return {
    get app() {
      return theApp();
    },
    post: (path, body, { token, ip = '203.0.113.7' } = {}) =>
      run(theApp().request(path, { method: 'POST', headers: headers(token), body: typeof body === 'string' ? body : JSON.stringify(body) }, { incoming: { socket: { remoteAddress: ip } } } as never)),
    put: (path, body, token) => run(theApp().request(path, { method: 'PUT', headers: headers(token), body: JSON.stringify(body) }, { incoming: { socket: { remoteAddress: '203.0.113.7' } } } as never)),
    get: (path, token) => run(theApp().request(path, { headers: headers(token) }, { incoming: { socket: { remoteAddress: '203.0.113.7' } } } as never)),
  };
}

/** The secret of the newest enrolment link mailed to `email`. */
export function enrolSecretFrom(t: ApiTest, email: string): string {
  const mail = t.mailer.sent.findLast((m) => m.to === email && /\/admin\/enrol#/.test(m.text));
  const secret = mail && /\/admin\/enrol#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!secret) throw new Error(`no enrolment link was mailed to ${email}`);
  return secret;
}

/** Invites (command path), enrols a software passkey; the member, their passkey and the enrolment's token. */
export async function enrolledStaff(t: ApiTest, caller: Caller, roles: StaffRole[], email = uniqueStaffEmail('enrolled')) {
  const invited = await inviteByCommand(t.database.db, { email, displayName: 'Grace Hopper', roles }, t.clock.now(), ORIGIN);
  const passkey = new SoftAuthenticator(ORIGIN, RP_ID);
  const options = await caller.post('/api/admin/auth/enrol/options', { secret: invited.secret });
  if (options.status !== 200) throw new Error(`enrol options ${options.status} ${await options.text()}`);
  const { options: creation } = await options.json();
  const done = await caller.post('/api/admin/auth/enrol', { secret: invited.secret, response: passkey.register(creation) });
  if (done.status !== 200) throw new Error(`enrol ${done.status} ${await done.text()}`);
  const { token } = await done.json();
  return { id: invited.staffId, email, passkey, token: token as string, secret: invited.secret };
}

/** Code requested and verified: the challenge id and the WebAuthn options. */
export async function codeVerified(t: ApiTest, caller: Caller, email: string, ip?: string) {
  const requested = await caller.post('/api/admin/auth/code', { email }, { ip });
  if (requested.status !== 202) throw new Error(`code ${requested.status}`);
  const { challengeId } = await requested.json();
  const verified = await caller.post('/api/admin/auth/code/verify', { challengeId, code: t.mailer.latestCode(email) }, { ip });
  if (verified.status !== 200) throw new Error(`verify ${verified.status} ${await verified.text()}`);
  const { options } = await verified.json();
  return { challengeId: challengeId as string, options };
}
