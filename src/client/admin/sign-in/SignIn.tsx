/** The staff sign-in screen (issue 15): renders the staff-sign-in chart's snapshots. */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { staffSignInMachine } from '../../../../machines/admin/staff-sign-in/staff-sign-in.machine.ts';
import { selectBusy, selectCode, selectEmail, selectError, selectStep } from '../../../../machines/admin/staff-sign-in/staff-sign-in.selectors.ts';
import './sign-in.css';

export function SignIn({ actor, notice }: { actor: ActorRefFrom<typeof staffSignInMachine>; notice: string | null }) {
  const step = useSelector(actor, selectStep);
  const email = useSelector(actor, selectEmail);
  const code = useSelector(actor, selectCode);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectBusy);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  const submit = (type: 'signIn.email.submit' | 'signIn.code.submit') => (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type });
  };
  return (
    <main className="admin-auth">
      <section className="admin-auth__card" aria-labelledby="admin-auth-title">
        <p className="admin-auth__brand">G2G Back-office</p>
        <h1 id="admin-auth-title" ref={heading} tabIndex={-1}>
          {step === 'email' ? 'Staff sign-in' : step === 'code' ? 'Enter your code' : 'Use your passkey'}
        </h1>
        {notice && step === 'email' && <p className="admin-auth__notice" role="status">{notice}</p>}
        {step === 'email' && (
          <form onSubmit={submit('signIn.email.submit')} noValidate>
            <p>We will email you a one-time code. You will also need the passkey you registered.</p>
            <label htmlFor="admin-email">Work email address</label>
            <input
              id="admin-email"
              type="email"
              autoComplete="username webauthn"
              value={email}
              onChange={(e) => actor.send({ type: 'signIn.email.change', value: e.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'admin-auth-error' : undefined}
            />
            <button type="submit" disabled={busy}>{busy ? 'Sending…' : 'Email me a code'}</button>
          </form>
        )}
        {step === 'code' && (
          <form onSubmit={submit('signIn.code.submit')} noValidate>
            <p>If <strong>{email}</strong> belongs to a staff member, a 6-digit code is on its way. It is valid for 10 minutes.</p>
            <label htmlFor="admin-code">6-digit code</label>
            <input
              id="admin-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => actor.send({ type: 'signIn.code.change', value: e.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'admin-auth-error' : undefined}
            />
            <button type="submit" disabled={busy}>{busy ? 'Checking…' : 'Continue'}</button>
            <button type="button" className="admin-auth__link" onClick={() => actor.send({ type: 'signIn.restart' })}>Use another address</button>
          </form>
        )}
        {step === 'passkey' && (
          <div>
            <p>Your code is right. Now confirm with your passkey (fingerprint, face, device PIN or security key).</p>
            <button type="button" onClick={() => actor.send({ type: 'signIn.passkey.start' })} disabled={busy}>{busy ? 'Waiting for your passkey…' : 'Use my passkey'}</button>
            <button type="button" className="admin-auth__link" onClick={() => actor.send({ type: 'signIn.restart' })}>Start again</button>
          </div>
        )}
        {error && <p id="admin-auth-error" className="admin-auth__error" role="alert">{error}</p>}
      </section>
    </main>
  );
}
