/** Step 2, Investor Information: investor type, the type's own fields, email and wallet address. */
import { useSelector } from '@xstate/react';
import { selectFieldErrors, selectValues, selectWalletStatus } from '../../../../machines/registration/registration.selectors.ts';
import type { TextFieldName } from '../../../../machines/registration/registration.types.ts';
import { FIELD_MAX_LENGTH } from '../../../../machines/registration/registration.validation.ts';
import { messages } from '../../../shared/messages.ts';
import type { InvestorType } from '../../../shared/registration.ts';
import { Field, RadioCards, TextInput, type RadioCardOption } from '../../ui/form/index.ts';
import type { RegistrationActorRef } from '../../../../machines/registration/registration.machine.ts';
import { sendFieldBlur, sendFieldChange } from './registration-actor.ts';

const INVESTOR_TYPE_OPTIONS: readonly RadioCardOption<InvestorType>[] = [
  { value: 'individual', title: 'Individual', description: 'Investing in your own name.' },
  { value: 'entity', title: 'Entity', description: 'Investing through a company, trust, fund or other legal entity.' },
];

type TextFieldSpec = {
  field: Exclude<TextFieldName, 'investmentAmount' | 'investorType' | 'primaryJurisdiction'>;
  label: string;
  type?: 'text' | 'email' | 'date';
  autoComplete?: string;
  help?: string;
};

const INDIVIDUAL: readonly TextFieldSpec[] = [
  { field: 'fullName', label: 'Full legal name', autoComplete: 'name', help: 'As shown on your passport or national identity card.' },
  { field: 'dateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  { field: 'nationality', label: 'Nationality', autoComplete: 'off' },
];

const ENTITY: readonly TextFieldSpec[] = [
  { field: 'entityName', label: 'Entity name', autoComplete: 'organization', help: 'The registered legal name.' },
  { field: 'jurisdiction', label: 'Jurisdiction of incorporation', autoComplete: 'off' },
  { field: 'authorizedSignatory', label: 'Authorized signatory', autoComplete: 'name', help: 'The person empowered to sign on behalf of the entity.' },
];

export function InvestorStep({ actorRef, disabled }: { actorRef: RegistrationActorRef; disabled: boolean }) {
  const values = useSelector(actorRef, selectValues);
  const errors = useSelector(actorRef, selectFieldErrors);
  const walletStatus = useSelector(actorRef, selectWalletStatus);

  const textField = ({ field, label, type = 'text', autoComplete, help }: TextFieldSpec) => (
    <Field key={field} id={`reg-${field}`} label={label} required help={help} error={errors[field]}>
      {(control) => (
        <TextInput
          {...control}
          name={field}
          type={type}
          autoComplete={autoComplete}
          maxLength={type === 'date' ? undefined : FIELD_MAX_LENGTH[field as keyof typeof FIELD_MAX_LENGTH]}
          value={values[field]}
          disabled={disabled}
          onChange={(e) => sendFieldChange(actorRef, field, e.currentTarget.value)}
          onBlur={() => sendFieldBlur(actorRef, field)}
        />
      )}
    </Field>
  );

  const typeFields = values.investorType === 'individual' ? INDIVIDUAL : values.investorType === 'entity' ? ENTITY : [];

  return (
    <div className="registration__fields">
      <RadioCards
        name="investorType"
        legend="Investor type"
        required
        options={INVESTOR_TYPE_OPTIONS}
        value={values.investorType}
        error={errors.investorType}
        disabled={disabled}
        onChange={(value) => sendFieldChange(actorRef, 'investorType', value)}
      />

      {typeFields.length > 0 ? (
        <div className="registration__group">
          <h3 className="registration__group-title">{values.investorType === 'individual' ? 'Personal details' : 'Entity details'}</h3>
          <div className="registration__row">{typeFields.map(textField)}</div>
        </div>
      ) : null}

      <div className="registration__group">
        <h3 className="registration__group-title">Contact and wallet</h3>
        {textField({ field: 'email', label: 'Email address', type: 'email', autoComplete: 'email', help: 'You sign in with this address; confirmations about your investment are sent to it.' })}
        <Field
          id="reg-walletAddress"
          label="Ethereum wallet address"
          required
          help="The address that will receive your G2G tokens: 0x followed by 40 hexadecimal characters."
          error={errors.walletAddress}
          success={walletStatus === 'valid' ? messages.registration.walletValid : null}
        >
          {(control) => (
            <TextInput
              {...control}
              name="walletAddress"
              mono
              maxLength={FIELD_MAX_LENGTH.walletAddress}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              placeholder="0x…"
              value={values.walletAddress}
              disabled={disabled}
              onChange={(e) => sendFieldChange(actorRef, 'walletAddress', e.currentTarget.value)}
              // maxLength would cut a pasted address with spaces around it before the machine trims it.
              onPaste={(e) => {
                e.preventDefault();
                sendFieldChange(actorRef, 'walletAddress', e.clipboardData.getData('text'));
              }}
              onBlur={() => sendFieldBlur(actorRef, 'walletAddress')}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
