/** A native select in the portal's style, built from a list of options and an optional placeholder. */
import type { Ref, SelectHTMLAttributes } from 'react';
import './form.css';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  options: readonly SelectOption[];
  /** First, empty choice (value ""), shown while nothing is selected; it cannot be picked again. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({ options, placeholder, className, ...rest }: SelectProps) {
  return (
    <select {...rest} className={['ui-select', className ?? ''].filter(Boolean).join(' ')}>
      {placeholder !== undefined ? (
        <option value="" disabled>
          {placeholder}
        </option>
      ) : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
