/** The AML card: source of funds, annual volume, occupation, declarations ('All confirmed'), additional info. */
import { ANNUAL_VOLUME_LABELS, FUNDS_SOURCE_LABELS, type KycAmlSummary } from '../../../shared/kyc.ts';
import { messages } from '../../../shared/messages.ts';

const text = messages.kyc;

export function AmlAnswers({ aml }: { aml: KycAmlSummary | null }) {
  if (!aml) return <p className="kyc-files__none">{messages.userDetails.notProvided}</p>;
  return (
    <dl className="kyc-aml-answers">
      <div>
        <dt>{text.fundsSource}</dt>
        <dd>{FUNDS_SOURCE_LABELS[aml.fundsSource]}</dd>
      </div>
      <div>
        <dt>{text.annualVolume}</dt>
        <dd>{ANNUAL_VOLUME_LABELS[aml.annualVolume]}</dd>
      </div>
      <div>
        <dt>{text.occupation}</dt>
        <dd>{aml.occupation}</dd>
      </div>
      <div>
        <dt>{text.declarationsLabel}</dt>
        <dd>{aml.declarationsConfirmed ? text.allConfirmed : messages.userDetails.notProvided}</dd>
      </div>
      <div>
        <dt>{text.additionalInfo.replace(' (optional)', '')}</dt>
        <dd>{aml.additionalInfo || messages.userDetails.notProvided}</dd>
      </div>
    </dl>
  );
}
