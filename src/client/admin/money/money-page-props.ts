/**
 * What the finance page is given: AdminPageProps of admin-pages.ts, written out here because admin-pages.ts imports
 * this page (lazily) and a page importing it back would be an import circle. Structurally the same, so the registry
 * hands its props in unchanged.
 */
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { AdminApi } from '../admin-api.ts';

export type MoneyPageProps = {
  api: AdminApi;
  staff: { roles: readonly StaffRole[] };
  subPath: string;
  navigate: (path: string) => void;
};
