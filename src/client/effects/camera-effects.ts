/**
 * The selfie camera's browser effects: the real front camera (getUserMedia, ideal 640x480), the simulated test
 * camera (a drawn test card with the date and time, streamed from a canvas) for browsers without a camera, and the
 * capture of one frame as a 640x480 JPEG. The camera actor owns its stream: stopping it stops every track.
 */
import { fromCallback, fromPromise, type CallbackActorLogic, type EventObject, type PromiseActorLogic } from 'xstate';
import { cameraMachine } from '../../../machines/camera/camera.machine.ts';
import { CAMERA_STOPPED } from '../../../machines/camera/camera.rules.ts';
import type { CameraFailure, CameraReportEvent, CaptureSelfieInput, StartCameraInput } from '../../../machines/camera/camera.types.ts';
import type { UploadDocumentInput } from '../../../machines/kyc-step/kyc-step.actors.ts';
import type { SaveKycStepInput, KycStatusResponse } from '../../shared/kyc.ts';

export type CameraEffectOptions = {
  /** The browser's media devices; tests pass a stand-in, undefined means there is no camera API. */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | undefined;
  /** The clock the test card shows. */
  now?: () => Date;
};

type OpenCamera = { stream: MediaStream; stop: () => void };

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/** Any thrown value as the chart's plain failure (DOMException name and message). */
export function toCameraFailure(error: unknown): CameraFailure {
  if (error && typeof error === 'object' && 'name' in error) {
    const { name, message } = error as { name: unknown; message?: unknown };
    return { name: String(name), message: typeof message === 'string' ? message : '' };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : '' };
}

async function openRealCamera(input: StartCameraInput, mediaDevices: CameraEffectOptions['mediaDevices']): Promise<OpenCamera> {
  // No camera API at all (an old browser, or a page not served over https): the simulated camera takes over.
  if (!mediaDevices?.getUserMedia) throw new DOMException('This browser gives no access to a camera.', 'NotSupportedError');
  const stream = await mediaDevices.getUserMedia({
    video: { width: { ideal: input.idealWidth }, height: { ideal: input.idealHeight }, facingMode: input.facingMode },
    audio: false,
  });
  return { stream, stop: () => stopTracks(stream) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The test card: colour bars, a drawn face in an oval guide, what it is and when it was drawn. */
export function drawTestCard(ctx: CanvasRenderingContext2D, width: number, height: number, now: Date): void {
  const bars = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0'];
  const barWidth = width / bars.length;
  bars.forEach((colour, i) => {
    ctx.fillStyle = colour;
    ctx.fillRect(i * barWidth, 0, Math.ceil(barWidth), height * 0.12);
  });
  ctx.fillStyle = '#1d2733';
  ctx.fillRect(0, height * 0.12, width, height * 0.88);

  const cx = width / 2;
  const cy = height * 0.52;
  // Face.
  ctx.fillStyle = '#e8b894';
  ctx.beginPath();
  ctx.ellipse(cx, cy, width * 0.14, height * 0.24, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#1d2733';
  for (const dx of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(cx + dx * width * 0.05, cy - height * 0.06, width * 0.014, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = '#1d2733';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.arc(cx, cy + height * 0.05, width * 0.06, 0.15 * Math.PI, 0.85 * Math.PI);
  ctx.stroke();
  // The oval guide a real selfie is framed in.
  ctx.strokeStyle = '#7fd1ff';
  ctx.setLineDash([10, 8]);
  ctx.beginPath();
  ctx.ellipse(cx, cy, width * 0.19, height * 0.3, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);

  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.font = `bold ${Math.round(height * 0.05)}px sans-serif`;
  ctx.fillText('DEVELOPMENT MODE CAMERA', cx, height * 0.9);
  ctx.font = `${Math.round(height * 0.04)}px monospace`;
  ctx.fillText(`Simulated selfie - ${stamp(now)}`, cx, height * 0.96);
}

function openSimulatedCamera(input: StartCameraInput, now: () => Date): OpenCamera {
  const canvas = document.createElement('canvas');
  canvas.width = input.idealWidth;
  canvas.height = input.idealHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || typeof canvas.captureStream !== 'function') {
    throw new DOMException('This browser cannot show the development mode camera either.', 'NotSupportedError');
  }
  const draw = () => drawTestCard(ctx, canvas.width, canvas.height, now());
  draw();
  const stream = canvas.captureStream(10);
  // A canvas stream only sends frames when the canvas changes: redraw (the clock moves) a few times a second.
  const timer = window.setInterval(draw, 200);
  return {
    stream,
    stop: () => {
      window.clearInterval(timer);
      stopTracks(stream);
    },
  };
}

/** The camera chart's startCamera: the real or the simulated camera, on for as long as the actor runs. */
export function createStartCamera(options: CameraEffectOptions = {}) {
  const now = options.now ?? (() => new Date());
  return fromCallback<EventObject, StartCameraInput>(({ input, sendBack }) => {
    let stopped = false;
    let release = () => {};
    const report = (event: CameraReportEvent) => {
      if (!stopped) sendBack(event);
    };
    const onEnded = () => report({ type: 'camera.error', error: { name: CAMERA_STOPPED, message: '' } });
    const mediaDevices = 'mediaDevices' in options ? options.mediaDevices : navigator.mediaDevices;
    const opening = input.simulated ? Promise.resolve().then(() => openSimulatedCamera(input, now)) : openRealCamera(input, mediaDevices);
    opening.then(
      (camera) => {
        // Stopped while the browser was still asking (Cancel, or the page left): nothing may stay on.
        if (stopped) return camera.stop();
        const track = camera.stream.getVideoTracks()[0];
        track?.addEventListener('ended', onEnded);
        release = () => {
          track?.removeEventListener('ended', onEnded);
          camera.stop();
        };
        report({ type: 'camera.ready', stream: camera.stream });
      },
      (error: unknown) => report({ type: 'camera.error', error: toCameraFailure(error) }),
    );
    return () => {
      stopped = true;
      release();
    };
  });
}

/** The part of the source frame with the target's aspect ratio, centred (a 16:9 camera gives a 4:3 middle). */
export function coverCrop(sourceWidth: number, sourceHeight: number, width: number, height: number) {
  const scale = Math.min(sourceWidth / width, sourceHeight / height);
  const sw = width * scale;
  const sh = height * scale;
  return { sx: (sourceWidth - sw) / 2, sy: (sourceHeight - sh) / 2, sw, sh };
}

/** One frame of the stream as the chart's format (640x480 JPEG at quality 0.9), unmirrored. */
export const captureSelfie = fromPromise<Blob, CaptureSelfieInput>(async ({ input }) => {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = input.stream;
  try {
    await video.play();
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) {
      await new Promise<void>((resolve, reject) => {
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('The camera picture could not be read.')), { once: true });
      });
    }
    const canvas = document.createElement('canvas');
    canvas.width = input.width;
    canvas.height = input.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot draw the selfie.');
    const { sx, sy, sw, sh } = coverCrop(video.videoWidth, video.videoHeight, input.width, input.height);
    ctx.drawImage(video, sx, sy, sw, sh, 0, 0, input.width, input.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The selfie could not be encoded.'))), input.mimeType, input.quality),
    );
  } finally {
    video.pause();
    video.srcObject = null;
  }
});

export type KycStepEffects = {
  uploadDocument: CallbackActorLogic<EventObject, UploadDocumentInput>;
  saveKycStep: PromiseActorLogic<KycStatusResponse, SaveKycStepInput>;
};

/** The camera chart with the browser's camera and the KYC upload and save it is given. */
export function provideCamera(steps: KycStepEffects, options: CameraEffectOptions = {}) {
  return cameraMachine.provide({ actors: { ...steps, startCamera: createStartCamera(options), captureSelfie } });
}
