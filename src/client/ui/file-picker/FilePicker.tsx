/**
 * A file field in the portal's style: a real <input type="file"> (keyboard, screen readers and Playwright's
 * setInputFiles all work), visually replaced by a button-like label and the chosen file's name, inside a drop zone.
 * The browser's own text ('No file chosen') would contradict the chart, which keeps the chosen file itself, so the
 * input is emptied after each choice and what is chosen is shown from `chosen`. Pure: it reports the chosen File;
 * checking it is the caller's job. Its message (`error`) follows the form pattern: aria-invalid, aria-describedby.
 */
import { useId, useState, type DragEvent } from 'react';
import { messages } from '../../../shared/messages.ts';
import { FieldError } from '../form/FieldError.tsx';
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
  /** The input's name: focus requests find the field by it. */
  name?: string;
  testId?: string;
};

const text = messages.kyc;

export function FilePicker({ label, accept, hint, chosen, disabled = false, error, onSelect, name, testId }: FilePickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onSelect(file);
  };
  const ids = { label: `${id}-label`, chosen: `${id}-chosen`, hint: `${id}-hint`, error: `${id}-error` };
  const describedBy = [ids.chosen, hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ');
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
      <span id={ids.label} className="file-picker__label">
        {label}
      </span>
      {hint ? (
        <p id={ids.hint} className="file-picker__hint">
          {hint}
        </p>
      ) : null}
      <div className="file-picker__row">
        <input
          id={id}
          name={name}
          className="file-picker__input"
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={ids.label}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          data-testid={testId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onSelect(file);
            // The chosen file is shown from `chosen`; the same file chosen again (after an error) must fire change again.
            event.target.value = '';
          }}
        />
        {/* The visible face of the input (clicking a label opens the picker); the input itself carries the name. */}
        <label htmlFor={id} className="file-picker__button" aria-hidden="true">
          {chosen ? text.chooseAnotherFile : text.chooseFile}
        </label>
        <p id={ids.chosen} className="file-picker__chosen">
          {chosen ? (
            <>
              <span className="file-picker__name">{chosen.name}</span> <span className="file-picker__size">({formatFileSize(chosen.size)})</span>
            </>
          ) : (
            <span className="file-picker__none">{text.noFileChosen}</span>
          )}
        </p>
      </div>
      <FieldError id={ids.error} error={error} className="file-picker__error" />
    </div>
  );
}
