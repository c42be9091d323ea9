/** The form of one disclosure section, or of a new one: its values and faults are the content chart's. */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectDraft, selectDraftProblems, selectIsBusy } from '../../../../machines/admin/content/content.selectors.ts';
import type { DraftField } from '../../../../machines/admin/content/content.types.ts';
import { ChartForm, Field, TextInput } from '../../ui/form/index.ts';
import { FileField, FormActions } from './FormParts.tsx';

export function SectionForm({ actor, name }: { actor: ContentActorRef; name: string }) {
  const id = useId();
  const draft = useSelector(actor, selectDraft);
  const problems = useSelector(actor, selectDraftProblems);
  const busy = useSelector(actor, selectIsBusy);
  if (!draft || draft.kind === 'agreement') return null;
  const type = (field: DraftField) => (e: { target: { value: string } }) => actor.send({ type: 'content.field', field, value: e.target.value });
  return (
    <ChartForm
      className="content-form"
      aria-label={name}
      onSubmit={() => actor.send({ type: 'content.save' })}
    >
      {draft.kind === 'newSection' && (
        <Field id={`${id}-slug`} label="Short name" help="Lower-case letters, digits and dashes; it never changes." required error={problems.slug}>
          {(control) => <TextInput {...control} mono value={draft.slug} onChange={type('slug')} autoComplete="off" />}
        </Field>
      )}
      <Field id={`${id}-title`} label="Title" required error={problems.title}>
        {(control) => <TextInput {...control} value={draft.title} onChange={type('title')} maxLength={200} />}
      </Field>
      <Field id={`${id}-order`} label="Order" required error={problems.order}>
        {(control) => <TextInput {...control} inputMode="numeric" value={draft.order} onChange={type('order')} />}
      </Field>
      <Field id={`${id}-seconds`} label="Minimum reading time (seconds)" required error={problems.minReadingSeconds}>
        {(control) => <TextInput {...control} inputMode="numeric" value={draft.minReadingSeconds} onChange={type('minReadingSeconds')} />}
      </Field>
      <FileField id={`${id}-file`} actor={actor} />
      {draft.kind === 'section' && <p className="content-hint">A new document makes investors who have not finished the step read this section again.</p>}
      <FormActions busy={busy} saveLabel="Save" actor={actor} />
    </ChartForm>
  );
}
