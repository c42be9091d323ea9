import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { EmailCodeActorRef } from '../../../../machines/email-code/email-code.machine.ts';
import {
  selectCanResend,
  selectCode,
  selectCodeError,
  selectCodeInfo,
  selectIsExpired,
  selectIsResending,
  selectIsVerifying,
  selectResendInSeconds,
  selectSentTo,
} from '../../../../machines/email-code/email-code.selectors.ts';
import { EMAIL_CODE } from '../../../shared/auth.ts';
import { messages } from '../../../shared/messages.ts';
import './email-code.css';

/** The one-time code step shared by login and registration: a pure rendering of the emailCode machine. */
export function EmailCodeForm({ actor, idPrefix }: { actor: EmailCodeActorRef; idPrefix: string }) {
  const code = useSelector(actor, selectCode);
  const sentTo = useSelector(actor, selectSentTo);
  const error = useSelector(actor, selectCodeError);
  const info = useSelector(actor, selectCodeInfo);
  const verifying = useSelector(actor, selectIsVerifying);
  const resending = useSelector(actor, selectIsResending);
  const canResend = useSelector(actor, selectCanResend);
  const resendIn = useSelector(actor, selectResendInSeconds);
  const expired = useSelector(actor, selectIsExpired);
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${idPrefix}-code`;

  // Focus the field on arrival and after a rejected code, so the user can retype at once.
  useEffect(() => input.current?.focus(), [error]);

  return (
    <div className="email-code">
      <h2 className="email-code__title">{messages.emailCode.title}</h2>
      <p className="email-code__lead" aria-live="polite">{messages.emailCode.sentTo(sentTo)}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'emailCode.submit' });
        }}
      >
        <label className="field__label" htmlFor={inputId}>{messages.emailCode.label}</label>
        <input
          ref={input}
          id={inputId}
          className={`input email-code__input${error ? ' input--invalid' : ''}`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={EMAIL_CODE.length}
          value={code}
          readOnly={verifying}
          disabled={expired}
          aria-busy={verifying}
          aria-invalid={!!error}
          aria-describedby={error ? `${inputId}-error` : info ? `${inputId}-info` : undefined}
          onChange={(e) => actor.send({ type: 'emailCode.change', value: e.target.value })}
        />
        {error && <p id={`${inputId}-error`} className="field__error" role="alert">{error}</p>}
        {!error && info && <p id={`${inputId}-info`} className="email-code__info" role="status">{info}</p>}
        <button type="submit" className="btn btn--primary btn--block" disabled={verifying || expired || code.length !== EMAIL_CODE.length}>
          {verifying ? messages.emailCode.verifying : messages.emailCode.verify}
        </button>
      </form>
      <div className="email-code__actions">
        <button type="button" className="btn btn--ghost btn--small" disabled={!canResend || resending} onClick={() => actor.send({ type: 'emailCode.resend' })}>
          {canResend || resending ? messages.emailCode.resend : messages.emailCode.resendIn(resendIn)}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => actor.send({ type: 'emailCode.back' })}>
          {messages.emailCode.changeEmail}
        </button>
      </div>
    </div>
  );
}
