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
  /** Moves the back-office to another path under /admin (the shell's router). */
  navigate: (path: string) => void;
};
