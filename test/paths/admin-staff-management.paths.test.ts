/** Paths of the staff page's chart (issue 15): the list, invite, each action, refusals, paging. */
import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { staffManagementMachine } from '../../machines/admin/staff-management/staff-management.machine.ts';
import { selectBusy } from '../../machines/admin/staff-management/staff-management.selectors.ts';
import type { StaffAction } from '../../machines/admin/staff-management/staff-management.types.ts';
import type { StaffInvitePayload, StaffList } from '../../src/shared/admin/staff.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const LIST: StaffList = { items: [], total: 0, limit: 50, offset: 0 };
const events: EventObject[] = [
  { type: 'xstate.done.actor.loadStaff', output: LIST } as EventObject,
  { type: 'xstate.error.actor.loadStaff', error: new Error('offline') } as EventObject,
  { type: 'staff.retry' },
  { type: 'staff.page', offset: 50 } as EventObject,
  { type: 'staff.invite', payload: { email: 'b@foundation.example', displayName: 'B', roles: ['finance'] } } as EventObject,
  { type: 'xstate.done.actor.inviteStaff', output: { id: 'x' } } as EventObject,
  { type: 'xstate.error.actor.inviteStaff', error: new Error('A staff member with this email address already exists.') } as EventObject,
  { type: 'staff.act', action: { kind: 'disable', id: 'x' } } as EventObject,
  { type: 'xstate.done.actor.actOnStaff', output: {} } as EventObject,
  { type: 'xstate.error.actor.actOnStaff', error: new Error('The last active issuer admin cannot lose that role or be disabled.') } as EventObject,
  { type: 'staff.dismiss' },
];

describe('staff management statechart paths', () => {
  const result = coverMachine(staffManagementMachine, { name: 'admin staff-management', events });

  it('reaches every state and every transition', () => {
    expectFullCoverage(result);
  });

  it('replays the paths on a running actor; busy exactly while a call runs, a refusal shown and nothing pending', async () => {
    const never = () => new Promise<never>(() => {});
    await replayPaths(result.paths, {
      setup: () => ({
        machine: staffManagementMachine.provide({
          actors: {
            loadStaff: fromPromise<StaffList, { offset: number }>(never),
            inviteStaff: fromPromise<unknown, StaffInvitePayload>(never),
            actOnStaff: fromPromise<unknown, StaffAction>(never),
          },
        }),
      }),
      checkStep: ({ snapshot: s, event }) => {
        expect(selectBusy(s)).toBe(s.matches('loading') || s.matches('inviting') || s.matches('acting'));
        if (event.type.startsWith('xstate.error.actor.') && s.matches('showing')) {
          expect(s.context.error).toBeTruthy();
          expect(s.context.pending).toBeNull();
        }
      },
    });
  });
});
