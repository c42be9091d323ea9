/** Step 1, Investment Details: amount, the derived token count and the summary box. */
import { useSelector } from '@xstate/react';
import {
  selectFieldErrors,
  selectSettings,
  selectSummary,
  selectTokensInput,
  selectValues,
} from '../../../../machines/registration/registration.selectors.ts';
import { AMOUNT_STEP, TOKEN_UNIT } from '../../../shared/constants.ts';
import { formatEur, formatTokenPrice } from '../../../shared/format.ts';
import { Field, TextInput } from '../../ui/form/index.ts';
import type { RegistrationActorRef } from '../../../../machines/registration/registration.machine.ts';
import { sendFieldBlur, sendFieldChange } from './registration-actor.ts';

export function InvestmentStep({ actorRef, disabled }: { actorRef: RegistrationActorRef; disabled: boolean }) {
  const values = useSelector(actorRef, selectValues);
  const errors = useSelector(actorRef, selectFieldErrors);
  const settings = useSelector(actorRef, selectSettings);
  const tokens = useSelector(actorRef, selectTokensInput);
  const summary = useSelector(actorRef, selectSummary);

  return (
    <div className="registration__fields">
      <div className="registration__row">
        <Field
          id="reg-amount"
          label="Investment amount (EUR)"
          required
          help={settings ? `Between ${formatEur(settings.minInvestment)} and ${formatEur(settings.maxInvestment)}.` : undefined}
          error={errors.investmentAmount}
        >
          {(control) => (
            <TextInput
              {...control}
              name="investmentAmount"
              type="number"
              inputMode="decimal"
              step={AMOUNT_STEP}
              min={settings?.minInvestment}
              max={settings?.maxInvestment}
              placeholder={settings ? String(settings.minInvestment) : undefined}
              value={values.investmentAmount}
              disabled={disabled}
              onChange={(e) => sendFieldChange(actorRef, 'investmentAmount', e.currentTarget.value)}
              onBlur={() => sendFieldBlur(actorRef, 'investmentAmount')}
            />
          )}
        </Field>
        <Field
          id="reg-tokens"
          label={`Tokens (${TOKEN_UNIT})`}
          help={settings ? `Calculated automatically at €${formatTokenPrice(settings.tokenPrice)} per token.` : undefined}
        >
          {(control) => <TextInput {...control} name="tokenQuantity" readOnly value={tokens} />}
        </Field>
      </div>

      <section className="registration__summary" aria-labelledby="reg-summary-title">
        <h3 id="reg-summary-title" className="registration__summary-title">
          Investment summary
        </h3>
        <dl className="registration__summary-list">
          <div>
            <dt>Investment amount</dt>
            <dd>{summary.amount}</dd>
          </div>
          <div>
            <dt>Tokens</dt>
            <dd>{summary.tokens}</dd>
          </div>
          <div>
            <dt>Token price</dt>
            <dd>{summary.tokenPrice}</dd>
          </div>
          <div className="registration__summary-total">
            <dt>Total</dt>
            <dd>{summary.total}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
