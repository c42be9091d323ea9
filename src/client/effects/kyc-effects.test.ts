// @vitest-environment happy-dom
/**
 * The KYC browser effects with stand-ins for the browser's request, fetch and camera: the multipart upload (field
 * order, bearer, progress, the server's words on 413/415, no token, abort on stop), the download (bearer,
 * Content-Disposition name, the error statuses), and the camera (request, late stream stopped, ended stream
 * reported, no camera API -> the simulated camera's cue).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyActorLogic, type AnyEventObject } from 'xstate';
import { isApiError } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { createStartCamera, coverCrop, toCameraFailure } from './camera-effects.ts';
import { createDownloadFile } from './download-effects.ts';
import { createUploadDocument, UPLOAD_PATH } from './kyc-effects.ts';

/** What the test reads of a received event. */
type Received = AnyEventObject & { error?: { message: string; status: number } };

/** Runs a callback/promise actor under a parent that records what it sends back. */
function run(logic: AnyActorLogic, input: unknown) {
  const received: Received[] = [];
  const parent = setup({ actors: { child: logic } }).createMachine({
    invoke: { id: 'child', src: 'child', input: () => input as never, onDone: { actions: ({ event }) => received.push(event) }, onError: { actions: ({ event }) => received.push(event as Received) } },
    on: { '*': { actions: ({ event }) => received.push(event as Received) } },
  });
  const root = createActor(parent).start();
  return { received, stop: () => root.stop() };
}

class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const UPLOAD_INPUT = { file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), fileName: 'passport.pdf', documentType: 'identity', step: 1 } as const;
const uploader = (token: string | null = 'tok', onUnauthorized = () => {}) =>
  createUploadDocument(() => token, { createRequest: () => new FakeRequest() as unknown as XMLHttpRequest, onUnauthorized });

describe('uploadDocument (XMLHttpRequest)', () => {
  it('posts type, step, then the file with the bearer, reports progress and the stored file', () => {
    const t = run(uploader(), UPLOAD_INPUT);
    const request = FakeRequest.last;
    expect([request.method, request.url, request.headers.Authorization]).toEqual(['POST', UPLOAD_PATH, 'Bearer tok']);
    expect([...request.body!.keys()]).toEqual(['type', 'step', 'file']);
    expect(request.body!.get('type')).toBe('identity');
    expect(request.body!.get('step')).toBe('1');
    expect((request.body!.get('file') as File).name).toBe('passport.pdf');
    request.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    const stored = { fileName: `${'a'.repeat(32)}.pdf`, originalName: 'passport.pdf', filePath: '/api/kyc/download/x', fileType: 'application/pdf', fileSize: 8 };
    request.answer(200, stored);
    expect(t.received).toEqual([
      { type: 'kyc.upload.progress', documentType: 'identity', loaded: 5, total: 10 },
      { type: 'kyc.upload.done', documentType: 'identity', upload: stored },
    ]);
  });

  it('refuses a success answer that is not a stored file, in the catalogue words, and logs it once', () => {
    const log = vi.fn();
    const t = run(createUploadDocument(() => 'tok', { createRequest: () => new FakeRequest() as unknown as XMLHttpRequest, log }), UPLOAD_INPUT);
    FakeRequest.last.answer(201, { fileName: 'x.pdf', fileType: 'text/html' });
    const failed = t.received[0] as { type: string; error: unknown };
    expect(failed.type).toBe('kyc.upload.error');
    expect(isApiError(failed.error) && [failed.error.message, failed.error.status]).toEqual([messages.general.unexpectedAnswer, 201]);
    expect(log).toHaveBeenCalledOnce();
    expect(t.received).toHaveLength(1);
  });

  it.each([
    [413, { error: messages.kyc.tooLarge }, messages.kyc.tooLarge],
    [415, { error: messages.kyc.invalidType }, messages.kyc.invalidType],
    [400, { message: 'Unknown document type.' }, 'Unknown document type.'],
    [500, '<html>', 'HTTP 500'],
  ])('turns a %i into an ApiError with the server words', (status, body, text) => {
    const t = run(uploader(), UPLOAD_INPUT);
    FakeRequest.last.answer(status, body);
    const failed = t.received[0] as { type: string; error: unknown };
    expect(failed.type).toBe('kyc.upload.error');
    expect(isApiError(failed.error) && [failed.error.message, failed.error.status]).toEqual([text, status]);
  });

  it('fails without a token, calls the session handler on 401, reports a network error, and aborts when stopped', () => {
    const noToken = run(uploader(null), UPLOAD_INPUT);
    expect(noToken.received[0]?.error?.message).toBe(messages.session.noToken);

    const onUnauthorized = vi.fn();
    run(uploader('tok', onUnauthorized), UPLOAD_INPUT);
    FakeRequest.last.answer(401, { error: messages.session.expired401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();

    const offline = run(uploader(), UPLOAD_INPUT);
    FakeRequest.last.onerror?.();
    expect(offline.received[0]?.error?.message).toBe(messages.general.network);

    const left = run(uploader(), UPLOAD_INPUT);
    left.stop();
    expect(FakeRequest.last.aborted).toBe(true);
  });
});

describe('downloadFile (fetch)', () => {
  const input = { path: '/api/kyc/download/abc.pdf', fileName: 'passport.pdf' };

  it('fetches with the bearer and saves the bytes under the Content-Disposition name', async () => {
    const fetch = vi.fn(async () => new Response('PDF', { headers: { 'Content-Disposition': 'attachment; filename="scan.pdf"' } }));
    const save = vi.fn();
    const t = run(createDownloadFile(() => 'tok', { fetch, save }), input);
    await vi.waitFor(() => expect(t.received).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/kyc/download/abc.pdf', expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }));
    expect(save.mock.calls[0]?.[1]).toBe('scan.pdf');
    expect(await (save.mock.calls[0]?.[0] as Blob).text()).toBe('PDF');
    expect(t.received[0]).toMatchObject({ output: { fileName: 'scan.pdf' } });
  });

  it("says 'Authentication required for download' without a token, and carries the status of a refusal", async () => {
    const noToken = run(createDownloadFile(() => null, { fetch: vi.fn() }), input);
    await vi.waitFor(() => expect(noToken.received).toHaveLength(1));
    expect(noToken.received[0]?.error?.message).toBe(messages.download.authRequired);

    const missing = run(createDownloadFile(() => 'tok', { fetch: async () => Response.json({ error: 'Unknown file.' }, { status: 404 }) }), input);
    await vi.waitFor(() => expect(missing.received).toHaveLength(1));
    expect(missing.received[0]?.error?.status).toBe(404);
  });
});

describe('camera', () => {
  const REQUEST = { simulated: false, idealWidth: 640, idealHeight: 480, facingMode: 'user' } as const;
  const fakeStream = () => {
    const track = Object.assign(new EventTarget(), { stop: vi.fn() });
    return { track, stream: { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream };
  };

  it('asks for the front camera at ideal 640x480, reports it, and stops its tracks when stopped', async () => {
    const { track, stream } = fakeStream();
    const getUserMedia = vi.fn(async () => stream);
    const t = run(createStartCamera({ mediaDevices: { getUserMedia } }), REQUEST);
    await vi.waitFor(() => expect(t.received).toHaveLength(1));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' }, audio: false });
    expect(t.received[0]).toEqual({ type: 'camera.ready', stream });
    track.dispatchEvent(new Event('ended'));
    expect(t.received[1]).toEqual({ type: 'camera.error', error: { name: 'CameraStoppedError', message: '' } });
    t.stop();
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops a stream that arrives after the camera was cancelled', async () => {
    const { track, stream } = fakeStream();
    let grant: (s: MediaStream) => void = () => {};
    const t = run(createStartCamera({ mediaDevices: { getUserMedia: () => new Promise((r) => (grant = r)) } }), REQUEST);
    t.stop();
    grant(stream);
    await vi.waitFor(() => expect(track.stop).toHaveBeenCalled());
    expect(t.received).toEqual([]);
  });

  it('reports the errors by name: no camera API is NotSupportedError (the simulated camera takes over)', async () => {
    const none = run(createStartCamera({ mediaDevices: undefined }), REQUEST);
    await vi.waitFor(() => expect(none.received).toHaveLength(1));
    expect(none.received[0]).toMatchObject({ type: 'camera.error', error: { name: 'NotSupportedError' } });
    const denied = run(createStartCamera({ mediaDevices: { getUserMedia: async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) } }), REQUEST);
    await vi.waitFor(() => expect(denied.received).toHaveLength(1));
    expect(denied.received[0]).toEqual({ type: 'camera.error', error: { name: 'NotAllowedError', message: 'Permission denied' } });
    expect(toCameraFailure('odd')).toEqual({ name: 'Error', message: 'odd' });
  });

  it('crops the middle of a wider frame to 4:3', () => {
    expect(coverCrop(1280, 720, 640, 480)).toEqual({ sx: 160, sy: 0, sw: 960, sh: 720 });
    expect(coverCrop(640, 480, 640, 480)).toEqual({ sx: 0, sy: 0, sw: 640, sh: 480 });
  });
});
