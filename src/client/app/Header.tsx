import { useSelector } from '@xstate/react';
import { formatElapsed, selectDetailsActor, selectElapsedSeconds, selectIsLoggingOut, selectSessionId, selectUser, type SessionView } from '../../../machines/session/session.selectors.ts';
import { messages } from '../../shared/messages.ts';
import { BrandMark } from '../ui/BrandMark.tsx';
import { usePageView } from '../views/process/page-view.ts';
import { detailsDialogView } from './lazy-routes.ts';
import { useSession } from './session-context.tsx';

export function Header({ view }: { view: SessionView }) {
  const session = useSession();
  return (
    // Inside the shell's <header> (with the secure-session line): one banner landmark for both.
    <div className="header">
      <BrandMark />
      <div className="header__labels" role="group" aria-label="Offering">
        <span className="pill pill--gold">{messages.labelProgressiveEquity}</span>
        <span className="pill">{messages.labelQualifiedOnly}</span>
      </div>
      {view === 'register' && (
        <a
          className="header__link"
          href="/auth/login"
          onClick={(e) => {
            e.preventDefault();
            session.send({ type: 'session.route.request', path: '/auth/login' });
          }}
        >
          Login
        </a>
      )}
      {view === 'process' && <SignedInControls />}
    </div>
  );
}

function SignedInControls() {
  const session = useSession();
  const user = useSelector(session, selectUser);
  const sessionId = useSelector(session, selectSessionId);
  const elapsed = useSelector(session, selectElapsedSeconds);
  const loggingOut = useSelector(session, selectIsLoggingOut);
  const details = useSelector(session, selectDetailsActor);
  // The dialog's view is a chunk of its own, loaded once signed in (the button is there but the dialog is not opened
  // yet); if that failed, opening the dialog loads it again.
  const { View: DetailsDialog, failed, retry } = usePageView(detailsDialogView);
  return (
    <div className="header__session">
      <button
        type="button"
        className="btn btn--ghost btn--small header__details"
        aria-haspopup="dialog"
        onClick={() => {
          if (failed) retry();
          details?.send({ type: 'registrationDetails.open' });
        }}
      >
        Registration Details
      </button>
      <div className="session-panel" role="group" aria-label="Session">
        <dl className="session-panel__facts">
          <div><dt>Session</dt><dd className="mono" data-testid="session-id">{sessionId}</dd></div>
          <div className="session-panel__email"><dt>Investor</dt><dd data-testid="session-email" title={user?.email}>{user?.email}</dd></div>
          <div><dt>Elapsed</dt><dd className="mono" data-testid="session-timer" aria-live="off">{formatElapsed(elapsed)}</dd></div>
        </dl>
        <button type="button" className="btn btn--outline btn--small" disabled={loggingOut} onClick={() => session.send({ type: 'session.logout' })}>
          Logout
        </button>
      </div>
      {details && DetailsDialog && <DetailsDialog actor={details} />}
    </div>
  );
}
