/**
 * The back-office's root (issue 15): runs the admin-session chart with its effects and shows what it says: the
 * enrolment screen (/admin/enrol#<secret>), the sign-in, or the shell with the page of the area the chart's route
 * opens. The address bar follows the chart (AdminRouteSync). The enrolment secret is read from the fragment once and
 * taken out of the address bar at once.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { locationFromAddress, type AdminRoute } from '../../../machines/admin/admin-session/admin-route.rules.ts';
import type { AdminArea } from '../../shared/admin/admin-areas.ts';
import type { ActorRefFrom } from 'xstate';
import { selectAreas, selectEnrolment, selectEnrolStep, selectNotice, selectPhase, selectRoute, selectSigningOut, selectStaff } from '../../../machines/admin/admin-session/admin-session.selectors.ts';
import type { staffSignInMachine } from '../../../machines/admin/staff-sign-in/staff-sign-in.machine.ts';
import { ENROL_SECRET_PATTERN } from '../../shared/admin/sign-in.ts';
import { createAdminApi } from './admin-api.ts';
import { getAdminToken } from './admin-token.ts';
import { AdminRouteSync } from './shell/AdminRouteSync.tsx';
import { AdminShell } from './shell/AdminShell.tsx';
import { watchAdminRoute } from './shell/watch-route.ts';
import { Enrol } from './sign-in/Enrol.tsx';
import { SignIn } from './sign-in/SignIn.tsx';
import { provideAdminSession } from './sign-in/sign-in-effects.ts';

const ENROL_PATH = '/admin/enrol';

/** The secret of an enrolment link this page was opened with, removed from the address bar; null otherwise. */
function takeEnrolSecret(): string | null {
  if (window.location.pathname !== ENROL_PATH) return null;
  const secret = window.location.hash.slice(1);
  window.history.replaceState(null, '', ENROL_PATH);
  return ENROL_SECRET_PATTERN.test(secret) ? secret : 'invalid-link'.padEnd(43, '-').slice(0, 43);
}

const sameAreas = (a: readonly AdminArea[], b: readonly AdminArea[]) => a.length === b.length && a.every((area, i) => area === b[i]);
const sameRoute = (a: AdminRoute | null, b: AdminRoute | null) => a === b || (a !== null && b !== null && a.location === b.location && a.area === b.area);

export function AdminApp() {
  const enrolSecret = useMemo(takeEnrolSecret, []);
  // The API tells the session of a 401 through this ref's actor (created just below).
  const holder = useMemo(() => ({ send: (_: { type: 'session.unauthorized' }) => {} }), []);
  const api = useMemo(() => createAdminApi({ baseUrl: window.location.origin, getToken: getAdminToken, onUnauthorized: () => holder.send({ type: 'session.unauthorized' }) }), [holder]);
  const machine = useMemo(() => provideAdminSession(api, watchAdminRoute), [api]);
  const actor = useActorRef(machine, { input: { enrolSecret, location: locationFromAddress(window.location.pathname, window.location.search) } });
  holder.send = (event) => actor.send(event);
  const phase = useSelector(actor, selectPhase);
  const staff = useSelector(actor, selectStaff);
  const notice = useSelector(actor, selectNotice);
  const enrolStep = useSelector(actor, selectEnrolStep);
  const enrolment = useSelector(actor, selectEnrolment);
  const signingOut = useSelector(actor, selectSigningOut);
  const areas = useSelector(actor, selectAreas, sameAreas);
  const route = useSelector(actor, selectRoute, sameRoute);
  const go = useMemo(() => (to: string) => actor.send({ type: 'route.go', location: to }), [actor]);
  const signIn = useSelector(actor, (s) => s.children.staffSignIn as ActorRefFrom<typeof staffSignInMachine> | undefined);

  return (
    <>
      <AdminRouteSync actor={actor} />
      {phase === 'enrolling' ? (
        <Enrol step={enrolStep} enrolment={enrolment} notice={notice} onStart={() => actor.send({ type: 'enrol.start' })} onSignIn={() => actor.send({ type: 'enrol.toSignIn' })} />
      ) : phase === 'signedOut' && signIn ? (
        <SignIn actor={signIn} notice={notice} />
      ) : phase === 'signedIn' && staff && route ? (
        <AdminShell api={api} staff={staff} areas={areas} route={route} go={go} signingOut={signingOut} onSignOut={() => actor.send({ type: 'session.signOut' })} />
      ) : (
        <main className="admin-loading">
          <p role="status">Loading the back-office…</p>
        </main>
      )}
    </>
  );
}
