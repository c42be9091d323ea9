/**
 * `npm run staff:invite -- <email> <role>... [--name "Display Name"]`: creates a staff member (the first issuer
 * admin on an empty staff table, or anyone later) or updates one's roles, and mails them a one-time enrolment link
 * (/admin/enrol#<secret>, valid 72 h) to register their passkey. Opens the database the server uses (DATA_DIR or
 * DATABASE_URL, as npm start). On PGlite the data dir must not be in use: stop the server first (its lock says so).
 * The link is built on PUBLIC_URL, as the server's passkeys are; without it, on http://localhost:PORT only when PORT
 * is given (commandLinkBase); with neither the command refuses before touching anything. DATA_DIR is made private
 * (0700, umask 077) as the server makes it, since the command may be the first to create it.
 * The mail is sent here, after the commit, through the configured mailer (SMTP, or the outbox folder).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { staffMessages } from '../shared/admin/sign-in-messages.ts';
import { holdsExclusiveRoles, isStaffRole, STAFF_ROLES, type StaffRole } from '../shared/admin/staff-roles.ts';
import { isValidEmail } from '../shared/auth.ts';
import { acquireDataDirLock, DataDirLockedError } from './config/data-dir-lock.ts';
import { makeDataDirPrivate } from './config/data-dir-permissions.ts';
import { ConfigError, loadConfig, readEnv, type Env } from './config/env.ts';
import { loadMailSettings } from './config/mail-env.ts';
import { loadPublicUrl } from './config/public-url.ts';
import { commandLinkBase } from './config/webauthn-env.ts';
import { openDatabase } from './db/open-database.ts';
import { inviteByCommand, StaffInviteRefusal } from './domain/admin/staff-invite-command.ts';
import { createConsoleLog } from './log.ts';
import { createMailer } from './providers/mail/create-mailer.ts';
import { outboxDir } from './providers/mail/outbox-mailer.ts';
import { systemClock } from './clock.ts';

export const USAGE =
  `Usage: npm run staff:invite -- <email> <role>... [--name "Display Name"]\nRoles: ${STAFF_ROLES.join(', ')}\n` +
  'With the environment the server has: PUBLIC_URL (the link staff open), or PORT for a server without PUBLIC_URL (http://localhost:PORT).\n';

const NO_LINK_BASE =
  'The enrolment link needs the address staff open: set PUBLIC_URL as the server has it (e.g. PUBLIC_URL=https://invest.example.com). ' +
  'A server without PUBLIC_URL accepts passkeys only at http://localhost:<its port>: for that, give the same PORT the server runs with (e.g. PORT=3000).';

export type ParsedArgs = { email: string; roles: StaffRole[]; displayName: string | null };

export function parseInviteArgs(args: readonly string[]): ParsedArgs | string {
  const rest = [...args];
  let displayName: string | null = null;
  const nameAt = rest.indexOf('--name');
  if (nameAt >= 0) {
    displayName = rest[nameAt + 1]?.trim() || null;
    if (!displayName || displayName.length > 120) return 'The --name needs a value of at most 120 characters.';
    rest.splice(nameAt, 2);
  }
  const [rawEmail, ...rawRoles] = rest;
  const email = rawEmail?.trim().toLowerCase() ?? '';
  if (!isValidEmail(email) || email.length > 254) return `"${rawEmail ?? ''}" is not an email address.`;
  if (rawRoles.length === 0) return 'Give at least one role.';
  const unknown = rawRoles.filter((r) => !isStaffRole(r));
  if (unknown.length) return `Unknown role ${unknown.map((r) => `"${r}"`).join(', ')}.`;
  if (holdsExclusiveRoles(rawRoles)) return staffMessages.complianceWithAuditor;
  return { email, roles: [...new Set(rawRoles as StaffRole[])].sort(), displayName };
}

/** Runs the command against `env`; answers the exit code and writes to out/err. */
export async function runStaffInvite(args: readonly string[], env: Env, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    out(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  const parsed = parseInviteArgs(args);
  if (typeof parsed === 'string') {
    err(`Not invited. ${parsed}\n${USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const publicUrl = loadPublicUrl(env);
    const mailSettings = loadMailSettings(env);
    const base = commandLinkBase(publicUrl, readEnv(env, 'PORT'));
    if (base === null) throw new StaffInviteRefusal(NO_LINK_BASE);
    const log = createConsoleLog();
    makeDataDirPrivate(config.dataDir, log);
    const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
    try {
      const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
      let issued;
      try {
        issued = await inviteByCommand(database.db, parsed, systemClock.now(), base);
      } finally {
        await database.close();
      }
      const mailer = await createMailer(mailSettings, { dataDir: config.dataDir, clock: systemClock, log });
      try {
        await mailer.send(issued.mail);
      } finally {
        await mailer.close?.();
      }
      out(
        `${issued.created ? 'Invited' : 'Updated'} ${parsed.email} (${parsed.roles.join(', ')}); the enrolment link (${base}/admin/enrol#..., valid 72 hours, once) was mailed ` +
          (mailSettings.kind === 'outbox' ? `to the outbox: ${outboxDir(config.dataDir)}\n` : `through ${mailer.description}\n`),
      );
      return 0;
    } finally {
      lock?.release();
    }
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StaffInviteRefusal;
    err(`Not invited. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runStaffInvite(process.argv.slice(2), process.env, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
