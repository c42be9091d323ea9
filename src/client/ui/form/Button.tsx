/** A button in the portal's style. Defaults to type="button" so it never submits a form by accident. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './form.css';

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** primary: the step's main action; secondary: a quieter alternative (Previous, Cancel); ghost: text-like. */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Busy: the button is disabled, announces aria-busy and shows `busyLabel` (e.g. 'Submitting...'). */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** Stretch to the container's width (handy on narrow screens). */
  block?: boolean;
  children: ReactNode;
};

export function Button({ variant = 'primary', busy = false, busyLabel, block = false, type = 'button', disabled, className, children, ...rest }: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, block ? 'ui-button--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="ui-button__spinner" aria-hidden="true" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
