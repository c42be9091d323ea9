/** A single-line input in the portal's style; every native input attribute passes through. */
import type { InputHTMLAttributes, Ref } from 'react';
import './form.css';

export type TextInputProps = InputHTMLAttributes<HTMLInputElement> & {
  /** Monospaced text, for codes and addresses. */
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({ mono = false, className, type = 'text', ...rest }: TextInputProps) {
  const classes = ['ui-input', mono ? 'ui-input--mono' : '', className ?? ''].filter(Boolean).join(' ');
  return <input {...rest} type={type} className={classes} />;
}
