import { useSelector } from '@xstate/react';
import { selectRegistrationActor } from '../../../machines/session/session.selectors.ts';
import { useSession } from './session-context.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { RegistrationPage } from '../views/registration/RegistrationPage.tsx';

/** The register route: renders the registration child the session machine runs. */
export function RegisterRoute() {
  const session = useSession();
  const registration = useSelector(session, selectRegistrationActor);
  return registration ? <RegistrationPage actorRef={registration} /> : <LoadingScreen />;
}
