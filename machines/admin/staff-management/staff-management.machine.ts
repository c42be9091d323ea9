/**
 * The staff page (issue 15, issuer admins): the list, then one change at a time (invite, roles, disable, enable,
 * passkey reset), the list loaded again after each. The API calls are effects (src/client/admin/staff/staff-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StaffInvitePayload, StaffList } from '../../../src/shared/admin/staff.ts';
import type { StaffAction, StaffManagementContext, StaffManagementEvent } from './staff-management.types.ts';
import type { MachineMeta } from '../../../src/shared/statechart-diagram.ts';

const messageOf = (error: unknown) => (typeof error === 'object' && error !== null && 'message' in error ? String((error as Error).message) : 'Something went wrong.');

export const ACTION_NOTICES: Record<StaffAction['kind'] | 'invite', string> = {
  invite: 'Invitation sent: the enrolment link is on its way.',
  roles: 'Roles saved.',
  disable: 'Staff member disabled; their sessions have ended.',
  enable: 'Staff member enabled.',
  reset: 'Passkeys revoked; a new enrolment link was mailed.',
};

export const staffManagementMachine = setup({
  types: {} as { context: StaffManagementContext; events: StaffManagementEvent },
  actors: {
    loadStaff: fromPromise<StaffList, { offset: number }>(async () => {
      throw new Error('loadStaff is provided by the page');
    }),
    inviteStaff: fromPromise<unknown, StaffInvitePayload>(async () => {
      throw new Error('inviteStaff is provided by the page');
    }),
    actOnStaff: fromPromise<unknown, StaffAction>(async () => {
      throw new Error('actOnStaff is provided by the page');
    }),
  },
}).createMachine({
  id: 'staffManagement',
  description: 'The staff page (issuer admins): the staff list, and one change at a time: invite, roles, disable, enable, passkey reset.',
  meta: {
    descriptions: {
      actors: {
        loadStaff: 'Fetches one page of the staff list.',
        inviteStaff: 'Invites a new staff member: the server mails them an enrolment link.',
        actOnStaff: "Changes a staff member's roles, disables or enables them, or resets their passkeys.",
      },
    },
  } satisfies MachineMeta,
  context: { list: null, offset: 0, error: null, notice: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the staff list (again after each change).',
      tags: ['busy'],
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        input: ({ context }) => ({ offset: context.offset }),
        onDone: { target: 'showing', actions: assign({ list: ({ event }) => event.output, pending: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error), pending: null }) },
      },
    },
    loadFailed: {
      description: 'The staff list could not be loaded: the failure is shown with Try again.',
      on: { 'staff.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    showing: {
      description: 'The staff list is on screen; an admin may invite or change a member.',
      on: {
        'staff.page': { target: 'loading', actions: assign({ offset: ({ event }) => Math.max(0, event.offset), notice: null, error: null }) },
        'staff.invite': { target: 'inviting', actions: assign({ pending: ({ event }) => ({ kind: 'invite' as const, payload: event.payload }), error: null, notice: null }) },
        'staff.act': { target: 'acting', actions: assign({ pending: ({ event }) => event.action, error: null, notice: null }) },
        'staff.dismiss': { actions: assign({ notice: null, error: null }) },
      },
    },
    inviting: {
      description: 'Sending the invitation.',
      tags: ['busy'],
      invoke: {
        id: 'inviteStaff',
        src: 'inviteStaff',
        input: ({ context }) => (context.pending as { payload: StaffInvitePayload }).payload,
        onDone: { target: 'loading', actions: assign({ notice: ACTION_NOTICES.invite }) },
        onError: { target: 'showing', actions: assign({ error: ({ event }) => messageOf(event.error), pending: null }) },
      },
    },
    acting: {
      description: 'Sending the change to the staff member (roles, disable, enable or passkey reset).',
      tags: ['busy'],
      invoke: {
        id: 'actOnStaff',
        src: 'actOnStaff',
        input: ({ context }) => context.pending as StaffAction,
        onDone: { target: 'loading', actions: assign({ notice: ({ context }) => ACTION_NOTICES[(context.pending as StaffAction).kind] }) },
        onError: { target: 'showing', actions: assign({ error: ({ event }) => messageOf(event.error), pending: null }) },
      },
    },
  },
});
