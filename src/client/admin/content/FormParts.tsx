/** Pieces both content forms share: the optional new document and the Save / Cancel row. */
import { Field } from '../../ui/form/index.ts';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';

export function FileField({ id, actor }: { id: string; actor: ContentActorRef }) {
  return (
    <Field id={id} label="New document (PDF, optional)">
      {(control) => <input {...control} type="file" accept="application/pdf,.pdf" onChange={(e) => actor.send({ type: 'content.file', file: e.target.files?.[0] ?? null })} />}
    </Field>
  );
}

export function FormActions({ busy, saveLabel, actor }: { busy: boolean; saveLabel: string; actor: ContentActorRef }) {
  return (
    <div className="content-actions">
      <button type="submit" className="admin-button" disabled={busy}>
        {busy ? 'Saving…' : saveLabel}
      </button>
      <button type="button" className="admin-button admin-button--secondary" onClick={() => actor.send({ type: 'content.cancel' })}>
        Cancel
      </button>
    </div>
  );
}
