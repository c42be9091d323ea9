/** An earlier step looked at while another is active: what was saved for it, read-only. */
import type { KycAmlSummary, KycFile, KycStepNumber } from '../../../shared/kyc.ts';
import { AmlAnswers } from './AmlAnswers.tsx';
import { FileList } from './FileList.tsx';

export function EarlierStep({ step, files, aml }: { step: KycStepNumber; files: KycFile[]; aml: KycAmlSummary | null }) {
  return <div className="kyc-step kyc-step--readonly">{step === 4 ? <AmlAnswers aml={aml} /> : <FileList files={files} />}</div>;
}
