/** A field's message in a polite live region that stays mounted, so a message that appears is announced. */
import './form.css';

export function FieldError({ id, error, className = 'ui-field__error', regionClassName }: { id?: string; error?: string | null; className?: string; regionClassName?: string }) {
  return (
    <div className={regionClassName} aria-live="polite">
      {error ? (
        <p className={className} id={id}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
