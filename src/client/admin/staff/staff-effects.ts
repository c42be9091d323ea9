/** The staff page's effects (issue 15): its chart's API calls, each answer checked by its schema. */
import { fromPromise } from 'xstate';
import { staffManagementMachine } from '../../../../machines/admin/staff-management/staff-management.machine.ts';
import type { StaffAction } from '../../../../machines/admin/staff-management/staff-management.types.ts';
import {
  STAFF_PAGE_SIZE,
  StaffDisabledResponseSchema,
  StaffInviteResponseSchema,
  StaffListSchema,
  StaffResetResponseSchema,
  StaffRolesResponseSchema,
  type StaffChangeResponse,
  type StaffInvitePayload,
  type StaffList,
} from '../../../shared/admin/staff.ts';
import type { AdminApi } from '../admin-api.ts';

const actionCall = (api: AdminApi, action: StaffAction): Promise<StaffChangeResponse> => {
  const base = `/api/admin/staff/${encodeURIComponent(action.id)}`;
  switch (action.kind) {
    case 'roles':
      return api.put(`${base}/roles`, { roles: action.roles }, { schema: StaffRolesResponseSchema });
    case 'disable':
      return api.post(`${base}/disable`, undefined, { schema: StaffDisabledResponseSchema });
    case 'enable':
      return api.post(`${base}/enable`, undefined, { schema: StaffDisabledResponseSchema });
    case 'reset':
      return api.post(`${base}/reset-passkey`, undefined, { schema: StaffResetResponseSchema });
  }
};

export const provideStaffManagement = (api: AdminApi) =>
  staffManagementMachine.provide({
    actors: {
      loadStaff: fromPromise<StaffList, { offset: number }>(({ input, signal }) =>
        api.get(`/api/admin/staff?limit=${STAFF_PAGE_SIZE}&offset=${input.offset}`, { schema: StaffListSchema, signal }),
      ),
      inviteStaff: fromPromise<unknown, StaffInvitePayload>(({ input }) => api.post('/api/admin/staff', input, { schema: StaffInviteResponseSchema })),
      actOnStaff: fromPromise<StaffChangeResponse, StaffAction>(({ input }) => actionCall(api, input)),
    },
  });
