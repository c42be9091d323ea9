/**
 * The registration wizard page (/auth/register): a pure rendering of the registration actor.
 * Focus: the step heading takes it when the step changes; the field the chart asks for (the first invalid one after a
 * refused Next or Submit, the one the server refused, the email after 'Use a different email address') takes it after.
 */
import { EmailCodeForm } from '../email-code/EmailCodeForm.tsx';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import {
  selectCanGoNext,
  selectFocus,
  selectIsSubmitting,
  selectEmailCodeActor,
  selectPhase,
  selectSettingsError,
  selectStep,
  selectSubmitError,
} from '../../../../machines/registration/registration.selectors.ts';
import { REGISTRATION_STEPS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { Button, ProgressBar, useFieldFocus } from '../../ui/form/index.ts';
import { InvestmentStep } from './InvestmentStep.tsx';
import { InvestorStep } from './InvestorStep.tsx';
import { QualificationStep } from './QualificationStep.tsx';
import type { RegistrationActorRef } from '../../../../machines/registration/registration.machine.ts';
import './registration.css';

const STEP_TITLES = messages.registration.stepTitles;

const STEP_INTROS = [
  'Choose how much you wish to invest. The number of tokens follows from the current token price.',
  'Tell us who is investing and where the tokens should be delivered.',
  'Confirm your eligibility and review the Non-Disclosure Agreement before completing your registration.',
] as const;

export function RegistrationPage({ actorRef }: { actorRef: RegistrationActorRef }) {
  const phase = useSelector(actorRef, selectPhase);
  const step = useSelector(actorRef, selectStep);
  const canGoNext = useSelector(actorRef, selectCanGoNext);
  const isSubmitting = useSelector(actorRef, selectIsSubmitting);
  const submitError = useSelector(actorRef, selectSubmitError);
  const settingsError = useSelector(actorRef, selectSettingsError);
  const codeActor = useSelector(actorRef, selectEmailCodeActor);
  const focus = useSelector(actorRef, selectFocus);

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step: move focus to its heading so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  // After the heading (same commit): the field the chart asks for.
  useFieldFocus(formRef, focus);

  // Next stays clickable (a click shows what is missing); while the step is incomplete it says why.
  const hintId = !canGoNext && !isSubmitting ? 'reg-next-hint' : undefined;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    actorRef.send(step === REGISTRATION_STEPS ? { type: 'registration.submit' } : { type: 'registration.next' });
  };

  return (
    <div className="registration">
      <div className="registration__card">
        <header className="registration__header">
          <p className="registration__eyebrow">{messages.labelQualifiedOnly}</p>
          <h1 className="registration__title">Investor Registration</h1>
          <p className="registration__lead">Register your investment commitment in three short steps.</p>
        </header>

        {phase === 'loading' ? (
          <div className="registration__status" role="status">
            <span className="registration__spinner" aria-hidden="true" />
            {messages.loading}
          </div>
        ) : phase === 'confirming' && codeActor ? (
          <EmailCodeForm actor={codeActor} idPrefix="reg" />
        ) : phase === 'settingsError' ? (
          <div className="registration__settings-error">
            <p className="registration__alert" role="alert">
              {settingsError}
            </p>
            <Button variant="secondary" onClick={() => actorRef.send({ type: 'registration.settings.retry' })}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <ProgressBar
              label="Registration progress"
              value={step}
              max={REGISTRATION_STEPS}
              valueText={`Step ${step} of ${REGISTRATION_STEPS}`}
              steps={STEP_TITLES}
              current={step}
            />

            <form ref={formRef} className="registration__form" noValidate aria-labelledby="reg-step-title" onSubmit={onSubmit}>
              <div className="registration__step-heading">
                <p className="registration__step-count">
                  Step {step} of {REGISTRATION_STEPS}
                </p>
                <h2 id="reg-step-title" ref={headingRef} tabIndex={-1} className="registration__step-title">
                  {STEP_TITLES[step - 1]}
                </h2>
                <p className="registration__note">{STEP_INTROS[step - 1]}</p>
              </div>

              {step === 1 ? (
                <InvestmentStep actorRef={actorRef} disabled={isSubmitting} />
              ) : step === 2 ? (
                <InvestorStep actorRef={actorRef} disabled={isSubmitting} />
              ) : (
                <QualificationStep actorRef={actorRef} disabled={isSubmitting} />
              )}

              {submitError ? (
                <p className="registration__alert" role="alert">
                  {submitError}
                </p>
              ) : null}

              <div className="registration__actions">
                {step > 1 ? (
                  <Button variant="secondary" disabled={isSubmitting} onClick={() => actorRef.send({ type: 'registration.previous' })}>
                    {messages.registration.previous}
                  </Button>
                ) : null}
                {step < REGISTRATION_STEPS ? (
                  <Button type="submit" aria-describedby={hintId} className="registration__primary">
                    {messages.registration.next}
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    aria-describedby={hintId}
                    busy={isSubmitting}
                    busyLabel={messages.registration.submitting}
                    className="registration__primary"
                  >
                    {messages.registration.complete}
                  </Button>
                )}
              </div>
              {hintId ? (
                <p id={hintId} className="registration__hint">
                  Fields marked * are required. Complete them to continue.
                </p>
              ) : null}
            </form>
          </>
        )}
      </div>
    </div>
  );
}
