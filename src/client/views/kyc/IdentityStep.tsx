/**
 * Step 1: upload an identity document (checked here for type and size, then stored as a draft); another file can be
 * chosen in its place until 'Continue to Biometric Verification' saves it and moves on.
 */
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { IDENTITY_FIELD, type KycIdentityActorRef } from '../../../../machines/kyc/kyc-identity.machine.ts';
import {
  selectIdentityChosen,
  selectIdentityError,
  selectIdentityFileError,
  selectIdentityFileName,
  selectIdentityFocus,
  selectIdentityPhase,
  selectIdentityUploadPercent,
  selectIsIdentityBusy,
  selectIsIdentityUploading,
} from '../../../../machines/kyc/kyc-identity.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { FilePicker } from '../../ui/file-picker/FilePicker.tsx';
import { Button, ProgressBar, useFieldFocus } from '../../ui/form/index.ts';
import { ACCEPT_UPLOADS } from './kyc-view.ts';
import { StepError } from './StepError.tsx';

const text = messages.kyc;

/** `continueLabel`: during a resubmission the step does not lead to the biometric check (KycPage names where it leads). */
export function IdentityStep({ actor, continueLabel = text.continueToBiometric }: { actor: KycIdentityActorRef; continueLabel?: string }) {
  const phase = useSelector(actor, selectIdentityPhase);
  const fileName = useSelector(actor, selectIdentityFileName);
  const chosen = useSelector(actor, selectIdentityChosen);
  const percent = useSelector(actor, selectIdentityUploadPercent);
  const busy = useSelector(actor, selectIsIdentityBusy);
  const uploading = useSelector(actor, selectIsIdentityUploading);
  const fileError = useSelector(actor, selectIdentityFileError);
  const focus = useSelector(actor, selectIdentityFocus);
  const error = useSelector(actor, selectIdentityError);
  const stepRef = useRef<HTMLDivElement>(null);
  useFieldFocus(stepRef, focus);
  return (
    <div className="kyc-step" ref={stepRef}>
      <FilePicker
        label={text.identityLabel}
        accept={ACCEPT_UPLOADS}
        hint={text.identityHint}
        chosen={chosen}
        disabled={busy}
        error={fileError}
        name={IDENTITY_FIELD}
        onSelect={(file) => actor.send({ type: 'kyc.identity.selectFile', file })}
        testId="kyc-identity-file"
      />
      {uploading ? <ProgressBar label={text.identityLabel} value={percent} valueText={text.uploading(percent)} /> : null}
      {phase === 'uploaded' && fileName ? (
        <div role="status">
          <p className="kyc-step__stored">{text.identityStored(fileName)}</p>
          <p className="kyc-step__hint">{text.identityDraftHint}</p>
        </div>
      ) : null}
      <StepError error={error} />
      <div className="kyc-step__actions">
        <Button busy={busy} busyLabel={uploading ? text.uploading(percent) : text.saving} onClick={() => actor.send({ type: 'kyc.identity.continue' })}>
          {continueLabel}
        </Button>
      </div>
    </div>
  );
}
