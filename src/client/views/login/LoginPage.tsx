import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectCanSubmit, selectEmail, selectEmailCodeActor, selectIsBusy, selectLoginError } from '../../../../machines/login/login.selectors.ts';
import type { EmailCodeActorRef } from '../../../../machines/email-code/email-code.machine.ts';
import { selectLoginActor, selectNotice } from '../../../../machines/session/session.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { useSession } from '../../app/session-context.tsx';
import { codeEntryView, prefetchCodeEntry, prefetchRegister, prefetchSignedIn } from '../../app/lazy-routes.ts';
import { LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { usePageView } from '../process/page-view.ts';
import './login.css';

export function LoginPage() {
  const session = useSession();
  const login = useSelector(session, selectLoginActor);
  const notice = useSelector(session, selectNotice);
  const email = useSelector(login, (s) => (s ? selectEmail(s) : ''));
  const busy = useSelector(login, (s) => (s ? selectIsBusy(s) : false));
  const error = useSelector(login, (s) => (s ? selectLoginError(s) : null));
  const canSubmit = useSelector(login, (s) => (s ? selectCanSubmit(s) : false));
  const codeActor = useSelector(login, (s) => (s ? selectEmailCodeActor(s) : undefined));
  // The next likely step loads before it is asked for, not at the page's start (a first visit loads the login page's
  // script alone): a code was sent, so signing in comes next.
  useEffect(() => {
    if (codeActor) prefetchSignedIn();
  }, [codeActor]);

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Investor Sign In</h1>
      <p className="auth-card__lead">Continue your private placement investment in G2G tokens.</p>
      {notice && (
        <div className="alert alert--warning" role="alert">
          <span>{notice}</span>
          <button type="button" className="alert__close" aria-label="Dismiss" onClick={() => session.send({ type: 'session.notice.dismiss' })}>×</button>
        </div>
      )}
      {codeActor ? (
        <CodeEntry actor={codeActor} />
      ) : (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          prefetchCodeEntry();
          login?.send({ type: 'login.submit' });
        }}
      >
        <label className="field__label" htmlFor="login-email">Email address</label>
        <input
          id="login-email"
          className={`input${error ? ' input--invalid' : ''}`}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          placeholder="you@example.com"
          aria-invalid={!!error}
          aria-describedby={error ? 'login-email-error' : undefined}
          onChange={(e) => login?.send({ type: 'login.email.change', value: e.target.value })}
          onBlur={() => login?.send({ type: 'login.email.blur' })}
          // About to sign in: the HTTP client the submit calls with and the code step (chunks of their own).
          onFocus={prefetchCodeEntry}
        />
        {error && <p id="login-email-error" className="field__error" role="alert">{error}</p>}
        <button type="submit" className="btn btn--primary btn--block" disabled={!canSubmit}>
          {busy ? messages.login.submitting : messages.login.submit}
        </button>
      </form>
      )}
      <div className="auth-card__divider"><span>New investor?</span></div>
      <button
        type="button"
        className="btn btn--outline btn--block"
        // Pointing at it, touching it or tabbing to it: the register page's code starts loading before the click.
        onPointerEnter={prefetchRegister}
        onTouchStart={prefetchRegister}
        onFocus={prefetchRegister}
        onClick={() => session.send({ type: 'session.route.request', path: '/auth/register' })}
      >
        {messages.login.startJourney}
      </button>
      <p className="auth-card__support">
        Need help? Contact <a href={`mailto:${messages.supportEmail}`}>{messages.supportEmail}</a>
      </p>
    </section>
  );
}

/**
 * The code step: its view is a chunk of its own (loaded from the email field's focus on, see prefetchCodeEntry), so
 * it is normally there when the code has been sent; else a short wait (words that appear only if it lasts) or the
 * network words with a retry.
 */
function CodeEntry({ actor }: { actor: EmailCodeActorRef }) {
  const { View, failed, retry } = usePageView(codeEntryView);
  if (failed) return <LoadFailedNotice message={messages.general.network} retryLabel={messages.payment.retry} onRetry={retry} />;
  if (!View) return <p className="loading-screen--delayed" role="status">{messages.loading}</p>;
  return <View actor={actor} idPrefix="login" />;
}
