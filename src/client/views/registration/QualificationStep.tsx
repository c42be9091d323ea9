/** Step 3, Initial Qualification Check: primary jurisdiction, the NDA, three certifications, legal notice. */
import { useSelector } from '@xstate/react';
import { selectFieldErrors, selectValues } from '../../../../machines/registration/registration.selectors.ts';
import type { CheckboxFieldName } from '../../../../machines/registration/registration.types.ts';
import { PRIMARY_JURISDICTIONS, PRIMARY_JURISDICTION_LABELS, type PrimaryJurisdiction } from '../../../shared/registration.ts';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import { Checkbox, Field, Select, type SelectOption } from '../../ui/form/index.ts';
import type { RegistrationActorRef } from '../../../../machines/registration/registration.machine.ts';
import { sendFieldBlur, sendFieldChange } from './registration-actor.ts';

const JURISDICTION_OPTIONS: readonly SelectOption[] = PRIMARY_JURISDICTIONS.map((value) => ({ value, label: PRIMARY_JURISDICTION_LABELS[value] }));

const isJurisdiction = (value: string): value is PrimaryJurisdiction => (PRIMARY_JURISDICTIONS as readonly string[]).includes(value);

/** The statements the investor certifies; held on the form, not sent to the server. */
export const CERTIFICATIONS: readonly { field: CheckboxFieldName; text: string }[] = [
  {
    field: 'qualifiedInvestor',
    text:
      'I certify that I am a qualified investor (a professional, sophisticated, accredited or high-net-worth investor) under the laws of my primary jurisdiction, and that I am legally permitted to take part in this private placement.',
  },
  {
    field: 'riskUnderstanding',
    text:
      'I understand that investing in G2G tokens carries a high degree of risk, including the loss of my entire investment, the absence of any guaranteed return or liquid market, price volatility, and legal, regulatory and technological risks.',
  },
  {
    field: 'financialCapacity',
    text:
      'I confirm that I have the financial capacity to bear the loss of my entire investment without a material effect on my financial situation, and that this investment is appropriate to my overall resources.',
  },
];

export function QualificationStep({ actorRef, disabled }: { actorRef: RegistrationActorRef; disabled: boolean }) {
  const values = useSelector(actorRef, selectValues);
  const errors = useSelector(actorRef, selectFieldErrors);

  return (
    <div className="registration__fields">
      <Field id="reg-primaryJurisdiction" label="Primary jurisdiction" required help="Where you are resident or, for an entity, where it is established." error={errors.primaryJurisdiction}>
        {(control) => (
          <Select
            {...control}
            name="primaryJurisdiction"
            placeholder="Select your primary jurisdiction"
            options={JURISDICTION_OPTIONS}
            value={values.primaryJurisdiction}
            disabled={disabled}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isJurisdiction(value)) sendFieldChange(actorRef, 'primaryJurisdiction', value);
            }}
            onBlur={() => sendFieldBlur(actorRef, 'primaryJurisdiction')}
          />
        )}
      </Field>

      <section className="registration__group" aria-labelledby="reg-nda-title">
        <h3 id="reg-nda-title" className="registration__group-title">
          Non-Disclosure Agreement
        </h3>
        <p className="registration__note">
          Please read the Non-Disclosure Agreement. The information you receive during this private placement is confidential and covered by it.
        </p>
        <div className="registration__viewer">
          <DocumentViewer url="/api/assets/nda" title="Non-Disclosure Agreement" />
        </div>
      </section>

      <fieldset className="registration__group registration__certifications" disabled={disabled}>
        <legend className="registration__group-title">Investor certifications</legend>
        {CERTIFICATIONS.map(({ field, text }) => (
          <Checkbox
            key={field}
            id={`reg-${field}`}
            name={field}
            required
            checked={values[field]}
            label={text}
            error={errors[field]}
            onChange={(checked) => sendFieldChange(actorRef, field, checked)}
          />
        ))}
      </fieldset>

      <aside className="registration__legal" aria-label="Legal notice">
        <p>
          <strong>Legal notice.</strong> This offering is a private placement made only to qualified investors. It has not been registered with or
          approved by any securities regulator, and the tokens may be subject to restrictions on transfer. Nothing in this portal is an offer or a
          solicitation in any jurisdiction where it would be unlawful. Your registration is subject to identity verification (KYC/AML) and to
          acceptance by the Foundation, which may decline any application. By completing registration you confirm that the information you have
          given is true, complete and accurate, and you agree to keep the documents you receive confidential under the Non-Disclosure Agreement.
        </p>
      </aside>
    </div>
  );
}
