import { useSelector } from '@xstate/react';
import { selectView } from '../../../machines/session/session.selectors.ts';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { LoginPage } from '../views/login/LoginPage.tsx';
import { RegisterRoute } from './RegisterRoute.tsx';
import { SignedInRoute } from './SignedInRoute.tsx';
import { Header } from './Header.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';
import { SecureBanner } from './SecureBanner.tsx';
import { useSession } from './session-context.tsx';

/**
 * Every screen is the banner landmark (the secure-session line, the header once the session is known) and main. The
 * login page is in the first script; the register page and the signed-in area load their code when first shown.
 */
export function Shell() {
  const session = useSession();
  const view = useSelector(session, selectView);
  return (
    <div className="shell">
      <header className="shell__top">
        <SecureBanner />
        {/* Always there (its brand does not depend on the session), so the page below never moves when it is known. */}
        <Header view={view} />
      </header>
      <main className="shell__main" id="main">
        {view === 'loading' ? (
          <LoadingScreen />
        ) : view === 'signingOut' ? (
          <LoadingScreen title="Signing out..." detail="Ending your secure session." />
        ) : (
          <ErrorBoundary>
            {view === 'login' && <LoginPage />}
            {view === 'register' && <RegisterRoute />}
            {view === 'process' && <SignedInRoute />}
          </ErrorBoundary>
        )}
      </main>
      <DocumentTitle />
    </div>
  );
}
