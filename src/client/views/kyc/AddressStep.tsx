/** Step 3: a utility bill and a bank statement, each meeting the three requirements; both uploaded together. */
import { useSelector } from '@xstate/react';
import type { KycAddressActorRef } from '../../../../machines/kyc/kyc-address.machine.ts';
import {
  selectAddressError,
  selectAddressSlots,
  selectCanSubmitAddress,
  selectAddressUploadPercent,
  selectIsAddressBusy,
  selectIsAddressUploading,
  selectRequiredCount,
  selectSelectedCount,
} from '../../../../machines/kyc/kyc-address.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { FilePicker } from '../../ui/file-picker/FilePicker.tsx';
import { Button, ProgressBar } from '../../ui/form/index.ts';
import { ACCEPT_UPLOADS } from './kyc-view.ts';
import { formatFileSize } from '../../ui/format.ts';
import { StepError } from './StepError.tsx';

const text = messages.kyc;

export function AddressStep({ actor }: { actor: KycAddressActorRef }) {
  const slots = useSelector(actor, selectAddressSlots);
  const chosen = useSelector(actor, selectSelectedCount);
  const required = selectRequiredCount();
  const busy = useSelector(actor, selectIsAddressBusy);
  const uploading = useSelector(actor, selectIsAddressUploading);
  const percent = useSelector(actor, selectAddressUploadPercent);
  const canSubmit = useSelector(actor, selectCanSubmitAddress);
  const error = useSelector(actor, selectAddressError);
  return (
    <div className="kyc-step">
      <ul className="kyc-requirements">
        {text.addressRequirements.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <ProgressBar label="Address documents" value={chosen} max={required} valueText={text.selectionProgress(chosen, required)} />
      <div className="kyc-address">
        {slots.map((slot) => (
          <div key={slot.documentType} className="kyc-address__slot">
            <FilePicker
              label={slot.label}
              accept={ACCEPT_UPLOADS}
              chosen={slot.fileName ? { name: slot.fileName, size: slot.fileSize ?? 0 } : null}
              disabled={busy}
              error={slot.error}
              onSelect={(file) => actor.send({ type: 'kyc.address.selectFile', documentType: slot.documentType, file })}
              name={slot.documentType}
              testId={`kyc-${slot.documentType}-file`}
            />
          </div>
        ))}
      </div>
      {uploading ? <ProgressBar label={text.uploadBoth} value={percent} valueText={text.addressUploading(percent)} /> : null}
      {chosen > 0 ? (
        <div className="kyc-address__review">
          <p className="kyc-address__review-title">{text.addressReview}</p>
          <dl>
            {slots.map((slot) => (
              <div key={slot.documentType}>
                <dt>{slot.label}</dt>
                <dd>{slot.fileName ? `${slot.fileName} (${formatFileSize(slot.fileSize ?? 0)})${slot.stored ? ' ✓' : ''}` : '—'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <StepError error={error} />
      <div className="kyc-step__actions">
        <Button disabled={!canSubmit} busy={busy} busyLabel={uploading ? text.uploading(percent) : text.saving} onClick={() => actor.send({ type: 'kyc.address.submit' })}>
          {text.uploadBoth}
        </Button>
      </div>
    </div>
  );
}
