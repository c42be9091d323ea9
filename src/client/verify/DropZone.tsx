/**
 * Where the visitor gives the page a file: a real <input type="file"> (keyboard, screen readers and Playwright's
 * setInputFiles all work) behind a button-like label, inside a zone that also takes a dropped file. The input is
 * emptied after each choice so the same file chosen again is checked again.
 */
import { useId, useState, type DragEvent } from 'react';
import { verifyWords } from '../../shared/verify-document.ts';

export function DropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    // The page's own drop handler must not take the same file a second time.
    event.stopPropagation();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`verify__drop${dragging ? ' verify__drop--dragging' : ''}`}
      data-testid="verify-drop"
      aria-busy={busy}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <svg className="verify__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M8.5 15.5l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="verify__drop-title" aria-hidden="true">{verifyWords.dropHere}</p>
      <p className="verify__drop-or" aria-hidden="true">{verifyWords.or}</p>
      <input
        id={id}
        className="verify__input"
        type="file"
        accept=".pdf,application/pdf"
        data-testid="verify-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="btn btn--primary verify__choose">
        {verifyWords.choose}
      </label>
    </div>
  );
}
