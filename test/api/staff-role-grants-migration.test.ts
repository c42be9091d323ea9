/**
 * Migration 0014 on a database made before it (issue 26, fault 10): every role held gets its grant, dated by the
 * audit trail (the latest event that gave the role: a change of roles, an invitation from the staff page or the
 * staff:invite command), else by the member's creation. So a role given to oneself or to a colleague shortly before
 * the upgrade is not dated back to the member's creation.
 */
import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/open-database.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { describeMigration } from './support/migration-before.ts';

const MIGRATION = '0014_staff_role_grants';

describeMigration(MIGRATION, (before) => {
  it('dates every role held from the audit trail, else from the member’s creation', async () => {
    const { database, dir } = before();
    const { db } = database;
    await before().migrateToBefore();
    const created = '2026-01-01T09:00:00.000Z';
    const member = async (email: string, roles: string[]) =>
      (
        (await db.execute(sql`insert into staff_members (email, display_name, roles, created_at)
          values (${email}, ${email}, ${`{${roles.join(',')}}`}::text[], ${created}::timestamptz) returning id`)) as unknown as { rows: { id: string }[] }
      ).rows[0]!.id;
    let seq = 0;
    const event = (action: string, detail: Record<string, unknown>, at: string) =>
      db.execute(sql`insert into audit_events (action, detail, at, seq, prev_hash, hash)
        values (${action}, ${JSON.stringify(detail)}::jsonb, ${at}::timestamptz, ${++seq}, ${'0'.repeat(64)}, ${String(seq).padStart(64, '0')})`);

    const admin = await member('admin@foundation.example', ['compliance', 'issuer-admin']);
    const officer = await member('officer@foundation.example', ['compliance']);
    const direct = await member('direct@foundation.example', ['finance']);
    // The admin: invited by the command as issuer-admin, then a colleague added compliance twice (taken away between).
    await event('admin.staff.invited', { by: 'staff:invite command', member: admin, roles: ['issuer-admin'], created: true }, '2026-01-01T09:00:00.000Z');
    await event('admin.staff.roles_changed', { role: 'issuer-admin', member: admin, before: ['issuer-admin'], after: ['compliance', 'issuer-admin'] }, '2026-02-01T10:00:00.000Z');
    await event('admin.staff.roles_changed', { role: 'issuer-admin', member: admin, before: ['compliance', 'issuer-admin'], after: ['issuer-admin'] }, '2026-02-02T10:00:00.000Z');
    await event('admin.staff.roles_changed', { role: 'issuer-admin', member: admin, before: ['issuer-admin'], after: ['compliance', 'issuer-admin'] }, '2026-03-03T10:00:00.000Z');
    // A change that kept compliance does not re-date it.
    await event('admin.staff.roles_changed', { role: 'issuer-admin', member: officer, before: ['compliance', 'finance'], after: ['compliance'] }, '2026-03-04T10:00:00.000Z');
    // The officer was invited from the staff page with compliance; the command later updated someone else.
    await event('admin.staff.invited', { role: 'issuer-admin', member: officer, roles: ['compliance', 'finance'] }, '2026-01-05T08:00:00.000Z');
    await event('admin.staff.invited', { by: 'staff:invite command', member: direct, roles: ['compliance'], created: false, rolesBefore: ['compliance'] }, '2026-01-06T08:00:00.000Z');

    await database.migrate(MIGRATIONS_FOLDER);

    const grants = await db.select().from(schema.staffRoleGrants).orderBy(asc(schema.staffRoleGrants.staffId), asc(schema.staffRoleGrants.role));
    const of = (id: string) => Object.fromEntries(grants.filter((g) => g.staffId === id).map((g) => [g.role, g.grantedAt.toISOString()]));
    expect(of(admin)).toEqual({ compliance: '2026-03-03T10:00:00.000Z', 'issuer-admin': '2026-01-01T09:00:00.000Z' });
    expect(of(officer)).toEqual({ compliance: '2026-01-05T08:00:00.000Z' });
    // No event gave it: the member's creation.
    expect(of(direct)).toEqual({ finance: created });
    expect(grants.every((g) => g.revokedAt === null && g.grantedBy === null)).toBe(true);
  });
});
