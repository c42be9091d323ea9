/**
 * A labelled form control with its help and error text. The control is rendered by `children`, a function
 * receiving the ids and aria attributes to spread on it, so any input (TextInput, Select, a date input)
 * is labelled and linked to its messages the same way.
 */
import type { ReactNode } from 'react';
import './form.css';

/** Attributes to spread on the control so its label and messages reach assistive technology. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

export type FieldProps = {
  /** The control's id; the label, help and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** Marks the field as required (visually and with aria-required). */
  required?: boolean;
  /** A hint shown under the label, before the control. */
  help?: ReactNode;
  /** The error shown under the control; its presence makes the control aria-invalid. */
  error?: string | null;
  /** A confirmation shown when there is no error (e.g. a format check that passed); announced politely. */
  success?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ id, label, required = false, help, error, success, className, children }: FieldProps) {
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const successId = !error && success ? `${id}-success` : undefined;
  const describedBy = [helpId, errorId, successId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (error) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;

  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {' '}*
          </span>
        ) : null}
      </label>
      {help ? (
        <p className="ui-field__help" id={helpId}>
          {help}
        </p>
      ) : null}
      {children(control)}
      {/* Live regions stay mounted so a message that appears is announced. */}
      <div aria-live="polite">
        {error ? (
          <p className="ui-field__error" id={errorId}>
            {error}
          </p>
        ) : success ? (
          <p className="ui-field__success" id={successId}>
            {success}
          </p>
        ) : null}
      </div>
    </div>
  );
}
