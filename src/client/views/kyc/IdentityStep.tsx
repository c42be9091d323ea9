/** Step 1: upload an identity document (checked here for type and size, stored and saved at once), then Continue. */
import { useSelector } from '@xstate/react';
import type { KycIdentityActorRef } from '../../../../machines/kyc/kyc-identity.machine.ts';
import {
  selectIdentityError,
  selectIdentityFileName,
  selectIdentityPhase,
  selectIdentityUploadPercent,
  selectIsIdentityBusy,
  selectIsIdentityUploading,
} from '../../../../machines/kyc/kyc-identity.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { FilePicker } from '../../ui/file-picker/FilePicker.tsx';
import { Button, ProgressBar } from '../../ui/form/index.ts';
import { ACCEPT_UPLOADS } from './kyc-view.ts';
import { StepError } from './StepError.tsx';

const text = messages.kyc;

export function IdentityStep({ actor }: { actor: KycIdentityActorRef }) {
  const phase = useSelector(actor, selectIdentityPhase);
  const fileName = useSelector(actor, selectIdentityFileName);
  const percent = useSelector(actor, selectIdentityUploadPercent);
  const busy = useSelector(actor, selectIsIdentityBusy);
  const uploading = useSelector(actor, selectIsIdentityUploading);
  const error = useSelector(actor, selectIdentityError);
  const stored = phase === 'saved' || phase === 'done';
  return (
    <div className="kyc-step">
      <FilePicker
        label={text.identityLabel}
        accept={ACCEPT_UPLOADS}
        hint={text.identityHint}
        chosen={null}
        disabled={busy}
        onSelect={(file) => actor.send({ type: 'kyc.identity.selectFile', file })}
        testId="kyc-identity-file"
      />
      {uploading ? <ProgressBar label={text.identityLabel} value={percent} valueText={text.uploading(percent)} /> : null}
      {phase === 'saving' ? <p role="status">{text.saving}</p> : null}
      {stored && fileName ? (
        <p className="kyc-step__stored" role="status">
          {text.identityStored(fileName)}
        </p>
      ) : null}
      <StepError error={error} />
      <div className="kyc-step__actions">
        <Button busy={busy} busyLabel={uploading ? text.uploading(percent) : text.saving} onClick={() => actor.send({ type: 'kyc.identity.continue' })}>
          {text.continueToBiometric}
        </Button>
      </div>
    </div>
  );
}
