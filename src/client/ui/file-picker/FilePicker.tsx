/**
 * A file field in the portal's style: a real <input type="file"> (keyboard, screen readers and Playwright's
 * setInputFiles all work) behind a drop zone. Pure: it reports the chosen File; checking it is the caller's job.
 */
import { useId, useState, type DragEvent } from 'react';
import { formatFileSize } from '../format.ts';
import './file-picker.css';

export type ChosenFile = { name: string; size: number } | null;

export type FilePickerProps = {
  label: string;
  /** e.g. '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png' */
  accept: string;
  hint?: string;
  chosen: ChosenFile;
  disabled?: boolean;
  /** Shown under the field, linked with aria-describedby. */
  error?: string | null;
  onSelect: (file: File) => void;
  testId?: string;
};

export function FilePicker({ label, accept, hint, chosen, disabled = false, error, onSelect, testId }: FilePickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onSelect(file);
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={`file-picker${dragging ? ' file-picker--dragging' : ''}${chosen ? ' file-picker--chosen' : ''}${error ? ' file-picker--error' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label className="file-picker__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="file-picker__input"
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onSelect(file);
          // The same file chosen again after an error must fire change again.
          event.target.value = '';
        }}
      />
      {hint ? (
        <p id={`${id}-hint`} className="file-picker__hint">
          {hint}
        </p>
      ) : null}
      {chosen ? (
        <p className="file-picker__chosen">
          <span className="file-picker__name">{chosen.name}</span> <span className="file-picker__size">({formatFileSize(chosen.size)})</span>
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="file-picker__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
