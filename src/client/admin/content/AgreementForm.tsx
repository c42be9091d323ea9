/** The form of an agreement's new version: title, checkbox rows and an optional new PDF; values and faults are the chart's. */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectDraft, selectDraftProblems, selectIsBusy } from '../../../../machines/admin/content/content.selectors.ts';
import { ChartForm, Field, TextInput } from '../../ui/form/index.ts';
import { CheckboxRows } from './CheckboxRows.tsx';
import { FileField, FormActions } from './FormParts.tsx';

export function AgreementForm({ actor, name }: { actor: ContentActorRef; name: string }) {
  const id = useId();
  const draft = useSelector(actor, selectDraft);
  const problems = useSelector(actor, selectDraftProblems);
  const busy = useSelector(actor, selectIsBusy);
  if (draft?.kind !== 'agreement') return null;
  return (
    <ChartForm
      className="content-form"
      aria-label={name}
      onSubmit={() => actor.send({ type: 'content.save' })}
    >
      <Field id={`${id}-title`} label="Title" required error={problems.title}>
        {(control) => <TextInput {...control} value={draft.title} maxLength={200} onChange={(e) => actor.send({ type: 'content.field', field: 'title', value: e.target.value })} />}
      </Field>
      <CheckboxRows actor={actor} idPrefix={id} />
      <FileField id={`${id}-file`} actor={actor} />
      <p className="content-hint">Any change is a new version. Investors who signed keep the version they signed; the others confirm the new one.</p>
      <FormActions busy={busy} saveLabel="Save as new version" actor={actor} />
    </ChartForm>
  );
}
