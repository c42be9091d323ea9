/**
 * A radio group drawn as selectable cards (a fieldset with a legend). Native radios underneath, so arrow
 * keys move the choice and screen readers announce "1 of 2".
 */
import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';
import './form.css';

export type RadioCardOption<V extends string> = { value: V; title: string; description?: ReactNode };

export type RadioCardsProps<V extends string> = {
  /** Radio group name; also the prefix of the option ids. */
  name: string;
  legend: ReactNode;
  options: readonly RadioCardOption<V>[];
  /** The chosen value, or '' when none is chosen yet. */
  value: V | '';
  onChange: (value: V) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
};

export function RadioCards<V extends string>({ name, legend, options, value, onChange, error, required = false, disabled = false }: RadioCardsProps<V>) {
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset className={['ui-radio-cards', error ? 'ui-radio-cards--invalid' : ''].filter(Boolean).join(' ')} aria-describedby={errorId} disabled={disabled}>
      <legend className="ui-field__label">
        {legend}
        {required ? <span className="ui-field__required" aria-hidden="true"> *</span> : null}
      </legend>
      <div className="ui-radio-cards__options">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          return (
            <div key={option.value} className={['ui-radio-card', value === option.value ? 'ui-radio-card--checked' : ''].filter(Boolean).join(' ')}>
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                className="ui-radio-card__input"
                checked={value === option.value}
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={id} className="ui-radio-card__label">
                <span className="ui-radio-card__title">{option.title}</span>
                {option.description ? (
                  <span className="ui-radio-card__description" id={descriptionId}>
                    {option.description}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
