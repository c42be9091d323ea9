/**
 * A checkbox with its label (which may be long text) and its own error, linked by aria-describedby. A box that is
 * one of a group sharing one message (the group shows it) is marked `invalid` and points at it with `describedBy`.
 */
import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';
import './form.css';

export type CheckboxProps = {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The statement the user confirms; clicking it toggles the box. */
  label: ReactNode;
  error?: string | null;
  /** Invalid because of a message shown elsewhere (its id in `describedBy`). */
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
};

export function Checkbox({ id, checked, onChange, label, error, invalid = false, describedBy, required = false, disabled = false, name }: CheckboxProps) {
  const errorId = error ? `${id}-error` : undefined;
  const isInvalid = !!error || invalid;
  return (
    <div className={['ui-checkbox', isInvalid ? 'ui-checkbox--invalid' : '', checked ? 'ui-checkbox--checked' : ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="ui-checkbox__box"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={isInvalid || undefined}
        aria-describedby={[errorId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label className="ui-checkbox__label" htmlFor={id}>
        {label}
      </label>
      <FieldError regionClassName="ui-checkbox__message" id={errorId} error={error} />
    </div>
  );
}
