/**
 * The staff page (issue 15, issuer admins): the list, then one change at a time (invite, roles, disable, enable,
 * passkey reset), the list loaded again after each. The invite form and the roles being ticked for one member are
 * held here and checked by the server's schemas before anything is sent (the faults shown at their fields once Send
 * was pressed); the invite form is emptied once the invitation is sent, and kept, with the server's words, when it is
 * refused. The API calls are effects (src/client/admin/staff/staff-effects.ts).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { staffInvitePayload, staffRolesProblem, type StaffChangeResponse, type StaffInvitePayload, type StaffList } from '../../../src/shared/admin/staff.ts';
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

export const EMPTY_INVITE = { email: '', displayName: '', roles: [] };

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item));
const refused = { type: 'noteRefused' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };

export const staffManagementMachine = setup({
  types: {} as { context: StaffManagementContext; events: StaffManagementEvent; tags: 'busy' },
  actors: {
    loadStaff: fromPromise<StaffList, { offset: number }>(async () => {
      throw new Error('loadStaff is provided by the page');
    }),
    inviteStaff: fromPromise<unknown, StaffInvitePayload>(async () => {
      throw new Error('inviteStaff is provided by the page');
    }),
    actOnStaff: fromPromise<StaffChangeResponse, StaffAction>(async () => {
      throw new Error('actOnStaff is provided by the page');
    }),
  },
  guards: {
    isInviteValid: ({ context }) => staffInvitePayload(context.invite) !== null,
    areRolesValid: ({ context }) => context.rolesDraft !== null && staffRolesProblem(context.rolesDraft.roles) === null,
    isMemberListed: ({ context, event }) => event.type === 'staff.roles.edit' && (context.list?.items.some((m) => m.id === event.id) ?? false),
  },
  actions: {
    typeInvite: assign(({ context, event }) => (event.type === 'staff.invite.field' ? { invite: { ...context.invite, [event.field]: event.value } } : {})),
    tickInviteRole: assign(({ context, event }) => (event.type === 'staff.invite.role' ? { invite: { ...context.invite, roles: toggled(context.invite.roles, event.role, event.checked) } } : {})),
    showInviteProblems: assign({ inviteChecked: true }),
    pendInvite: assign(({ context }) => ({ pending: { kind: 'invite' as const, payload: staffInvitePayload(context.invite)! }, error: null, notice: null })),
    clearInvite: assign({ invite: () => ({ ...EMPTY_INVITE, roles: [] }), inviteChecked: false, notice: ACTION_NOTICES.invite }),
    openRoles: assign(({ context, event }) => {
      if (event.type !== 'staff.roles.edit') return {};
      const member = context.list?.items.find((m) => m.id === event.id);
      return { rolesDraft: member ? { id: member.id, roles: [...member.roles] } : null, error: null, notice: null };
    }),
    tickRole: assign(({ context, event }) =>
      event.type === 'staff.roles.role' && context.rolesDraft ? { rolesDraft: { ...context.rolesDraft, roles: toggled(context.rolesDraft.roles, event.role, event.checked) } } : {},
    ),
    closeRoles: assign({ rolesDraft: null }),
    pendRoles: assign(({ context }) => ({ pending: { kind: 'roles' as const, id: context.rolesDraft!.id, roles: context.rolesDraft!.roles }, error: null, notice: null })),
    pendAction: assign(({ event }) => (event.type === 'staff.act' ? { pending: event.action, error: null, notice: null } : {})),
    noteRefused: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), pending: null })),
    noteActed: assign(({ context }) => {
      const kind = (context.pending as StaffAction).kind;
      return { notice: ACTION_NOTICES[kind], rolesDraft: kind === 'roles' ? null : context.rolesDraft };
    }),
  },
}).createMachine({
  id: 'staffManagement',
  description: 'The staff page (issuer admins): the staff list, and one change at a time: invite, roles, disable, enable, passkey reset.',
  meta: {
    descriptions: {
      guards: {
        isInviteValid: "The invite form passes the server's schema (an email address, a name, roles one person may hold).",
        areRolesValid: 'The roles ticked are at least one, and not compliance with auditor.',
        isMemberListed: 'The member is on the page shown.',
      },
      actions: {
        typeInvite: 'Takes what is typed in the invite form.',
        tickInviteRole: 'Ticks or unticks a role of the invitation.',
        showInviteProblems: "Shows the invite form's faults at their fields.",
        pendInvite: 'Makes the invitation from the form, as the server will read it.',
        clearInvite: 'Empties the invite form and says the invitation is on its way.',
        openRoles: "Opens the roles form of one member with the roles they hold.",
        tickRole: 'Ticks or unticks a role in the open roles form.',
        closeRoles: 'Closes the roles form; the ticks are dropped.',
        pendRoles: 'Makes the change of roles from the form.',
        pendAction: 'Takes the change asked for (disable, enable, passkey reset).',
        noteRefused: "Shows the server's refusal or the failure in words.",
        noteActed: 'Says what was done (a roles form closes once its roles are saved).',
      },
      actors: {
        loadStaff: 'Fetches one page of the staff list.',
        inviteStaff: 'Invites a new staff member: the server mails them an enrolment link.',
        actOnStaff: "Changes a staff member's roles, disables or enables them, or resets their passkeys.",
      },
    },
  } satisfies MachineMeta,
  context: { list: null, offset: 0, error: null, notice: null, pending: null, invite: { ...EMPTY_INVITE, roles: [] }, inviteChecked: false, rolesDraft: null },
  initial: 'loading',
  // The forms take keystrokes whatever is loading; what is sent is what was there when Send was pressed.
  on: {
    'staff.invite.field': { actions: 'typeInvite' },
    'staff.invite.role': { actions: 'tickInviteRole' },
    'staff.roles.role': { actions: 'tickRole' },
    'staff.roles.cancel': { actions: 'closeRoles' },
  },
  states: {
    loading: {
      description: 'Fetching the staff list (again after each change).',
      tags: ['busy'],
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        input: ({ context }) => ({ offset: context.offset }),
        onDone: { target: 'showing', actions: assign({ list: ({ event }) => event.output, pending: null }) },
        onError: { target: 'loadFailed', actions: refused },
      },
    },
    loadFailed: {
      description: 'The staff list could not be loaded: the failure is shown with Try again.',
      on: { 'staff.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    showing: {
      description: 'The staff list is on screen; an admin may invite or change a member.',
      on: {
        'staff.page': { target: 'loading', actions: assign({ offset: ({ event }) => Math.max(0, event.offset), notice: null, error: null, rolesDraft: null }) },
        'staff.invite.send': [{ guard: 'isInviteValid', target: 'inviting', actions: 'pendInvite' }, { actions: 'showInviteProblems' }],
        'staff.roles.edit': { guard: 'isMemberListed', actions: 'openRoles' },
        'staff.roles.save': { guard: 'areRolesValid', target: 'acting', actions: 'pendRoles' },
        'staff.act': { target: 'acting', actions: 'pendAction' },
        'staff.dismiss': { actions: assign({ notice: null, error: null }) },
      },
    },
    inviting: {
      description: 'Sending the invitation; once sent, the form is emptied.',
      tags: ['busy'],
      invoke: {
        id: 'inviteStaff',
        src: 'inviteStaff',
        input: ({ context }) => (context.pending as { payload: StaffInvitePayload }).payload,
        onDone: { target: 'loading', actions: 'clearInvite' },
        onError: { target: 'showing', actions: refused },
      },
    },
    acting: {
      description: 'Sending the change to the staff member (roles, disable, enable or passkey reset).',
      tags: ['busy'],
      invoke: {
        id: 'actOnStaff',
        src: 'actOnStaff',
        input: ({ context }) => context.pending as StaffAction,
        onDone: { target: 'loading', actions: 'noteActed' },
        onError: { target: 'showing', actions: refused },
      },
    },
  },
});

export type StaffManagementActorRef = ActorRefFrom<typeof staffManagementMachine>;
