/**
 * What the KYC pages need of AdminPageProps (admin-pages.ts), written out here: admin-pages.ts loads these pages, so
 * importing its type back would make a circle of imports.
 */
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import type { AdminApi } from '../admin-api.ts';

export type KycPageProps = {
  api: AdminApi;
  staff: { id: string; roles: readonly StaffRole[] };
  subPath: string;
  navigate: (path: string) => void;
};
