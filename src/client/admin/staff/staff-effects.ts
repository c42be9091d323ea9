/** The staff page's effects (issue 15): its chart's API calls. */
import { fromPromise } from 'xstate';
import { staffManagementMachine } from '../../../../machines/admin/staff-management/staff-management.machine.ts';
import type { StaffAction } from '../../../../machines/admin/staff-management/staff-management.types.ts';
import { STAFF_PAGE_SIZE, type StaffInvitePayload, type StaffList } from '../../../shared/admin/staff.ts';
import type { AdminApi } from '../admin-api.ts';

const actionCall = (api: AdminApi, action: StaffAction) => {
  const base = `/api/admin/staff/${encodeURIComponent(action.id)}`;
  switch (action.kind) {
    case 'roles':
      return api.put(`${base}/roles`, { roles: action.roles });
    case 'disable':
      return api.post(`${base}/disable`);
    case 'enable':
      return api.post(`${base}/enable`);
    case 'reset':
      return api.post(`${base}/reset-passkey`);
  }
};

export const provideStaffManagement = (api: AdminApi) =>
  staffManagementMachine.provide({
    actors: {
      loadStaff: fromPromise<StaffList, { offset: number }>(({ input, signal }) => api.get<StaffList>(`/api/admin/staff?limit=${STAFF_PAGE_SIZE}&offset=${input.offset}`, { signal })),
      inviteStaff: fromPromise<unknown, StaffInvitePayload>(({ input }) => api.post('/api/admin/staff', input)),
      actOnStaff: fromPromise<unknown, StaffAction>(({ input }) => actionCall(api, input)),
    },
  });
