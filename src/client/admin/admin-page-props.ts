/**
 * What the shell hands every back-office page. A module of its own: the page registry (admin-pages.ts) imports the
 * pages, so a page that took its props type from the registry would import it back (an import circle).
 */
import type { SignedInStaff } from '../../shared/admin/sign-in.ts';
import type { AdminApi } from './admin-api.ts';

export type { SignedInStaff };

export type AdminPageProps = {
  api: AdminApi;
  staff: SignedInStaff;
  /** The part of the path after the page's own path ('' on the page itself; '/<id>' for a case or payment view). */
  subPath: string;
  /** The location's query, without '?' (absent or '' when none). */
  search?: string;
  /** Asks the admin-session chart to move the back-office to another location under /admin ('/kyc/<id>'). */
  navigate: (location: string) => void;
};
