/** /admin/enrol#<secret> (issue 15): registers the member's passkey from their enrolment link. */
import { useEffect, useRef } from 'react';
import type { EnrolOptionsAnswer } from '../../../shared/admin/sign-in.ts';
import './sign-in.css';

type Props = {
  step: 'loading' | 'ready' | 'registering' | 'failed' | null;
  enrolment: EnrolOptionsAnswer | null;
  notice: string | null;
  onStart: () => void;
  onSignIn: () => void;
};

export function Enrol({ step, enrolment, notice, onStart, onSignIn }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  return (
    <main className="admin-auth">
      <section className="admin-auth__card" aria-labelledby="admin-enrol-title">
        <p className="admin-auth__brand">G2G Back-office</p>
        <h1 id="admin-enrol-title" ref={heading} tabIndex={-1}>Set up your passkey</h1>
        {step === 'loading' && <p role="status">Checking your link…</p>}
        {(step === 'ready' || step === 'registering') && enrolment && (
          <>
            <p>
              Welcome, <strong>{enrolment.staff.displayName}</strong> ({enrolment.staff.email}). Register a passkey on this device: you will
              use it, with a code we email you, every time you sign in.
            </p>
            <button type="button" onClick={onStart} disabled={step === 'registering'}>{step === 'registering' ? 'Waiting for your device…' : 'Register my passkey'}</button>
          </>
        )}
        {step === 'failed' && (
          <button type="button" onClick={onSignIn}>Go to sign-in</button>
        )}
        {notice && <p className={step === 'failed' ? 'admin-auth__error' : 'admin-auth__notice'} role={step === 'failed' ? 'alert' : 'status'}>{notice}</p>}
      </section>
    </main>
  );
}
