/**
 * Paths of the staff page's chart (issue 15): the list, the invite form typed, refused before sending (its faults
 * shown) or sent (emptied once sent, kept with the server's words when refused), a member's roles ticked and saved
 * (never a set the server refuses), the other actions, refusals, paging. Replayed on a real actor: busy exactly while
 * a call runs; only an invitation the server's schema takes is sent, as typed; after a sent invitation the form is
 * empty; a refusal is shown with nothing pending.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { EMPTY_INVITE, staffManagementMachine } from '../../machines/admin/staff-management/staff-management.machine.ts';
import { selectBusy } from '../../machines/admin/staff-management/staff-management.selectors.ts';
import type { StaffAction, StaffChangeResponse } from '../../machines/admin/staff-management/staff-management.types.ts';
import { staffInvitePayload, staffRolesProblem, type StaffInvitePayload, type StaffList } from '../../src/shared/admin/staff.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof staffManagementMachine>;

const MEMBER_ID = '00000000-0000-4000-8000-000000000007';
const LIST: StaffList = {
  items: [{ id: MEMBER_ID, email: 'b@foundation.example', displayName: 'Bea', roles: ['compliance'], passkeys: 1, lastSignInAt: null, disabledAt: null, createdAt: '2026-11-01T00:00:00.000Z' }],
  total: 1,
  limit: 50,
  offset: 0,
};
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStaff', output: LIST },
  { type: 'xstate.error.actor.loadStaff', error: new Error('offline') },
  { type: 'staff.retry' },
  { type: 'staff.page', offset: 50 },
  { type: 'staff.invite.field', field: 'email', value: ' C@Foundation.example ' },
  { type: 'staff.invite.field', field: 'displayName', value: 'Cy' },
  { type: 'staff.invite.role', role: 'finance', checked: true },
  { type: 'staff.invite.send' },
  { type: 'xstate.done.actor.inviteStaff', output: { id: 'x' } },
  { type: 'xstate.error.actor.inviteStaff', error: new Error('A staff member with this email address already exists.') },
  { type: 'staff.roles.edit', id: MEMBER_ID },
  { type: 'staff.roles.role', role: 'auditor', checked: true },
  { type: 'staff.roles.role', role: 'compliance', checked: false },
  { type: 'staff.roles.cancel' },
  { type: 'staff.roles.save' },
  { type: 'staff.act', action: { kind: 'disable', id: MEMBER_ID } },
  { type: 'xstate.done.actor.actOnStaff', output: { id: MEMBER_ID, changed: true } },
  { type: 'xstate.error.actor.actOnStaff', error: new Error('The last active issuer admin cannot lose that role or be disabled.') },
  { type: 'staff.dismiss' },
];

type Fakes = { running: Record<string, number>; invited: StaffInvitePayload[]; acted: StaffAction[] };

describe('staff management statechart paths', () => {
  const result = coverMachine(staffManagementMachine, { name: 'admin staff-management', events });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  it('replays the paths on a running actor: busy exactly while a call runs, only valid forms sent, the invite form emptied once sent', async () => {
    let before: Snapshot | null = null;
    await replayPaths<typeof staffManagementMachine, Fakes>(result.paths, {
      setup: () => {
        before = null;
        const fakes: Fakes = { running: {}, invited: [], acted: [] };
        const call =
          <I, O>(name: string, record: (input: I) => void) =>
          ({ input, signal }: { input: I; signal: AbortSignal }) => {
            record(input);
            fakes.running[name] = (fakes.running[name] ?? 0) + 1;
            signal.addEventListener('abort', () => void (fakes.running[name]! -= 1));
            return new Promise<O>(() => {});
          };
        return {
          fakes,
          machine: staffManagementMachine.provide({
            actors: {
              loadStaff: fromPromise<StaffList, { offset: number }>(call('loadStaff', () => {})),
              inviteStaff: fromPromise<unknown, StaffInvitePayload>(call('inviteStaff', (p: StaffInvitePayload) => fakes.invited.push(p))),
              actOnStaff: fromPromise<StaffChangeResponse, StaffAction>(call('actOnStaff', (a: StaffAction) => fakes.acted.push(a))),
            },
          }),
        };
      },
      deliver: (_event, run) => {
        before = run.actor.getSnapshot() as Snapshot;
        return false;
      },
      checkStep: ({ snapshot: s, event, fakes }) => {
        const answered = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)?.[2];
        if (answered) fakes.running[answered] = 0;
        const running = Object.values(fakes.running).reduce((a, b) => a + b, 0);
        expect(selectBusy(s)).toBe(s.matches('loading') || s.matches('inviting') || s.matches('acting'));
        expect(running, 'one call exactly while busy').toBe(selectBusy(s) ? 1 : 0);
        // An invitation is sent only as the server's schema reads the form typed at Send.
        if (event.type === 'staff.invite.send' && s.matches('inviting')) expect(fakes.invited.at(-1)).toEqual(staffInvitePayload(before!.context.invite));
        if (event.type === 'staff.invite.send' && !s.matches('inviting')) expect(s.context.inviteChecked).toBe(true);
        for (const p of fakes.invited) expect(p.email).toBe(p.email.trim().toLowerCase());
        for (const a of fakes.acted) if (a.kind === 'roles') expect(staffRolesProblem(a.roles)).toBeNull();
        if (event.type === 'xstate.done.actor.inviteStaff') expect([s.context.invite, s.context.inviteChecked]).toEqual([EMPTY_INVITE, false]);
        if (event.type === 'xstate.error.actor.inviteStaff') expect(s.context.invite, 'a refused invitation keeps the form').toEqual(before!.context.invite);
        if (event.type === 'xstate.done.actor.actOnStaff' && before!.context.pending?.kind === 'roles') expect(s.context.rolesDraft).toBeNull();
        if (event.type.startsWith('xstate.error.actor.') && s.matches('showing')) {
          expect(s.context.error).toBeTruthy();
          expect(s.context.pending).toBeNull();
        }
      },
    });
  });
});
