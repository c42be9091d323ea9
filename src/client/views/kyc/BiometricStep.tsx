/** Step 2: the live selfie (real camera, or the simulated test camera with its notice), then Continue (saves and moves on). */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { CameraActorRef } from '../../../../machines/camera/camera.machine.ts';
import {
  selectCameraError,
  selectCameraPhase,
  selectCanCancel,
  selectCanCapture,
  selectCanRetakeOrContinue,
  selectCanStart,
  selectIsSelfieBusy,
  selectIsSimulated,
  selectSelfie,
  selectSelfieUploadPercent,
  selectStream,
} from '../../../../machines/camera/camera.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';

const text = messages.kyc;

export function BiometricStep({ camera }: { camera: CameraActorRef | undefined }) {
  return camera ? <CameraPanel camera={camera} /> : null;
}

function CameraPanel({ camera }: { camera: CameraActorRef }) {
  const phase = useSelector(camera, selectCameraPhase);
  const stream = useSelector(camera, selectStream);
  const simulated = useSelector(camera, selectIsSimulated);
  const selfie = useSelector(camera, selectSelfie);
  const error = useSelector(camera, selectCameraError);
  const percent = useSelector(camera, selectSelfieUploadPercent);
  const canStart = useSelector(camera, selectCanStart);
  const canCapture = useSelector(camera, selectCanCapture);
  const canCancel = useSelector(camera, selectCanCancel);
  const canDecide = useSelector(camera, selectCanRetakeOrContinue);
  const busy = useSelector(camera, selectIsSelfieBusy);
  const video = useRef<HTMLVideoElement>(null);
  const selfieUrl = useMemo(() => (selfie ? URL.createObjectURL(selfie) : null), [selfie]);
  useEffect(() => () => void (selfieUrl && URL.revokeObjectURL(selfieUrl)), [selfieUrl]);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = (stream as MediaStream | null) ?? null;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);

  return (
    <div className="kyc-step">
      <p className="kyc-step__hint">{text.selfieHint}</p>
      {simulated ? (
        <p className="kyc-camera__simulated" role="status">
          {text.simulatedCamera}
        </p>
      ) : null}
      <div className="kyc-camera__frame">
        {selfieUrl && !stream ? (
          <img className="kyc-camera__picture" src={selfieUrl} alt="Your selfie" width={640} height={480} />
        ) : (
          <video ref={video} className="kyc-camera__picture" muted playsInline aria-label="Camera preview" data-phase={phase} />
        )}
      </div>
      {error ? (
        <div className="kyc-camera__error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="kyc-step__actions">
        {canStart ? <Button onClick={() => camera.send({ type: 'camera.start' })}>{text.startCamera}</Button> : null}
        {canCancel ? (
          <>
            <Button disabled={!canCapture} onClick={() => camera.send({ type: 'camera.capture' })}>
              {text.takeSelfie}
            </Button>
            <Button variant="secondary" onClick={() => camera.send({ type: 'camera.cancel' })}>
              {text.cancel}
            </Button>
          </>
        ) : null}
        {canDecide || busy ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => camera.send({ type: 'camera.retake' })}>
              {text.retakeSelfie}
            </Button>
            <Button busy={busy} busyLabel={text.uploading(percent)} onClick={() => camera.send({ type: 'camera.continue' })}>
              {text.continue}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
