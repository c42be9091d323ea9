/** A checkbox with its label (which may be long text) and its own error, linked by aria-describedby. */
import type { ReactNode } from 'react';
import './form.css';

export type CheckboxProps = {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The statement the user confirms; clicking it toggles the box. */
  label: ReactNode;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
};

export function Checkbox({ id, checked, onChange, label, error, required = false, disabled = false, name }: CheckboxProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['ui-checkbox', error ? 'ui-checkbox--invalid' : '', checked ? 'ui-checkbox--checked' : ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="ui-checkbox__box"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label className="ui-checkbox__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-checkbox__message" aria-live="polite">
        {error ? (
          <p className="ui-field__error" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
