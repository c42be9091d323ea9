/** Step 4: the screening checklist, the source-of-funds declaration and the four required declarations. */
import { useSelector } from '@xstate/react';
import type { KycAmlActorRef } from '../../../../machines/kyc/kyc-aml.machine.ts';
import type { KycActorRef } from '../../../../machines/kyc/kyc.machine.ts';
import {
  selectAmlDeclarationsError,
  selectAmlError,
  selectAmlFieldErrors,
  selectAmlFocus,
  selectAmlForm,
  selectIsAmlSaving,
} from '../../../../machines/kyc/kyc-aml.selectors.ts';
import { selectIsAdvancing } from '../../../../machines/kyc/kyc.selectors.ts';
import { AML_DECLARATIONS, ANNUAL_VOLUMES, ANNUAL_VOLUME_LABELS, FUNDS_SOURCES, FUNDS_SOURCE_LABELS } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';
import { useRef } from 'react';
import { Button, Checkbox, Field, FieldError, Select, TextInput, useFieldFocus } from '../../ui/form/index.ts';
import { StepError } from './StepError.tsx';

const text = messages.kyc;
const fundsOptions = FUNDS_SOURCES.map((value) => ({ value, label: FUNDS_SOURCE_LABELS[value] }));
const volumeOptions = ANNUAL_VOLUMES.map((value) => ({ value, label: ANNUAL_VOLUME_LABELS[value] }));

function Checklist() {
  return (
    <div className="kyc-aml__checklist">
      <p className="kyc-aml__checklist-title">{text.amlChecklistTitle}</p>
      <ul>
        {text.amlChecks.map((check) => (
          <li key={check.label} className={check.done ? 'kyc-aml__check--done' : 'kyc-aml__check--pending'}>
            <span aria-hidden="true">{check.done ? '✓' : '…'}</span> {check.label}: <strong>{check.done ? text.amlCompleted : text.amlPending}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AmlStep({ actor, kyc }: { actor: KycAmlActorRef | undefined; kyc: KycActorRef }) {
  const advancing = useSelector(kyc, selectIsAdvancing);
  if (!actor || advancing) {
    return (
      <div className="kyc-step">
        <Checklist />
        <p className="kyc-step__stored" role="status">
          {text.amlSaved}
        </p>
      </div>
    );
  }
  return <AmlForm actor={actor} />;
}

function AmlForm({ actor }: { actor: KycAmlActorRef }) {
  const form = useSelector(actor, selectAmlForm);
  const errors = useSelector(actor, selectAmlFieldErrors);
  const declarationsError = useSelector(actor, selectAmlDeclarationsError);
  const focus = useSelector(actor, selectAmlFocus);
  const error = useSelector(actor, selectAmlError);
  const saving = useSelector(actor, selectIsAmlSaving);
  const formRef = useRef<HTMLFormElement>(null);
  useFieldFocus(formRef, focus);
  const change = (field: 'fundsSource' | 'annualVolume' | 'occupation' | 'additionalInfo') => (value: string) =>
    actor.send({ type: 'kyc.aml.changeField', field, value });
  const declarationsErrorId = 'aml-declarations-error';
  return (
    <form
      ref={formRef}
      className="kyc-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'kyc.aml.submit' });
      }}
    >
      <Checklist />
      <fieldset className="kyc-aml__fields" disabled={saving}>
        <Field id="aml-fundsSource" label={text.fundsSource} required error={errors.fundsSource}>
          {(control) => (
            <Select {...control} name="fundsSource" value={form.fundsSource} placeholder={text.selectPlaceholder} options={fundsOptions} onChange={(e) => change('fundsSource')(e.target.value)} />
          )}
        </Field>
        <Field id="aml-annualVolume" label={text.annualVolume} required error={errors.annualVolume}>
          {(control) => (
            <Select {...control} name="annualVolume" value={form.annualVolume} placeholder={text.selectPlaceholder} options={volumeOptions} onChange={(e) => change('annualVolume')(e.target.value)} />
          )}
        </Field>
        <Field id="aml-occupation" label={text.occupation} required error={errors.occupation}>
          {(control) => (
            <TextInput {...control} name="occupation" value={form.occupation} maxLength={200} autoComplete="organization-title" onChange={(e) => change('occupation')(e.target.value)} />
          )}
        </Field>
        <Field id="aml-additionalInfo" label={text.additionalInfo} error={errors.additionalInfo}>
          {(control) => (
            <textarea
              {...control}
              name="additionalInfo"
              className="ui-input kyc-aml__textarea"
              value={form.additionalInfo}
              maxLength={2000}
              rows={3}
              onChange={(e) => change('additionalInfo')(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="kyc-aml__declarations" disabled={saving} aria-describedby={declarationsError ? declarationsErrorId : undefined}>
        <legend>{text.declarationsTitle}</legend>
        {AML_DECLARATIONS.map((d) => (
          <Checkbox
            key={d}
            id={`aml-declaration-${d}`}
            name={`declarations.${d}`}
            required
            checked={form.declarations[d]}
            label={text.declarations[d]}
            invalid={errors[`declarations.${d}`] !== undefined}
            describedBy={errors[`declarations.${d}`] !== undefined ? declarationsErrorId : undefined}
            onChange={(checked) => actor.send({ type: 'kyc.aml.setDeclaration', declaration: d, checked })}
          />
        ))}
        {/* One message for the four: it names what is missing once, next to them. */}
        <FieldError id={declarationsErrorId} error={declarationsError} />
      </fieldset>
      <StepError error={error} />
      <div className="kyc-step__actions">
        <Button type="submit" busy={saving} busyLabel={text.saving}>
          {text.completeAml}
        </Button>
      </div>
    </form>
  );
}
