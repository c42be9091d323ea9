/**
 * The views of the login's code step, of the register page, of the signed-in area and of the header's Registration
 * Details dialog: chunks of their own (with their CSS), so the first script of the login page carries none of them. Each loads when its route is
 * first shown, at the same time as the route's charts (the session loads those, see effects/session-effects.ts), and
 * is kept once loaded. The `prefetch*` functions start both loads earlier, when the user is about to go there.
 */
import { prefetchHttpClient } from '../effects/api-client.ts';
import { pageView } from '../views/process/page-view.ts';

export const codeEntryView = pageView(() => import('../views/email-code/EmailCodeForm.tsx').then((m) => m.EmailCodeForm));
export const registerView = pageView(() => import('../views/registration/RegistrationPage.tsx').then((m) => m.RegistrationPage));
export const signedInView = pageView(() => import('../views/process/ProcessPage.tsx').then((m) => m.ProcessPage));
export const detailsDialogView = pageView(() =>
  import('../views/registration-details/RegistrationDetailsModal.tsx').then((m) => m.RegistrationDetailsModal),
);

/** A prefetch that fails is only early: the route's own load tries again and reports. */
const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/** The login form is in use: the HTTP client its submit calls with, and the code step it leads to. */
export function prefetchCodeEntry(): void {
  prefetchHttpClient();
  quietly(codeEntryView.load);
}

/** The login page's other next step: the register page (its view and chart). */
export function prefetchRegister(): void {
  quietly(registerView.load);
  quietly(() => import('../effects/registration-effects.ts'));
}

/** About to sign in (a code was sent): the signed-in area's view and charts, and the HTTP client they call with. */
export function prefetchSignedIn(): void {
  prefetchHttpClient();
  quietly(signedInView.load);
  quietly(() => import('../effects/signed-in-effects.ts'));
}
