/**
 * The download button with a fake downloadFile and fake timers: downloading, the outcome shown for 2 s (success)
 * or 3 s (error), the error words, no request without a file, and the Content-Disposition file name.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { TIMINGS } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { downloadMachine } from './download.machine.ts';
import { DEFAULT_DOWNLOAD_NAME, fileNameFromDisposition } from './download.rules.ts';
import { selectDownloadError, selectDownloadPhase, selectIsDownloading, selectSavedAs } from './download.selectors.ts';
import type { DownloadFileInput, DownloadFileOutput, DownloadInput } from './download.types.ts';

function start(input: DownloadInput, answer: (input: DownloadFileInput) => Promise<DownloadFileOutput> = async (i) => ({ fileName: i.fileName })) {
  const calls: DownloadFileInput[] = [];
  const machine = downloadMachine.provide({
    actors: {
      downloadFile: fromPromise<DownloadFileOutput, DownloadFileInput>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, snap: () => actor.getSnapshot() };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const PATH = '/api/kyc/download/0123456789abcdef0123456789abcdef.pdf';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('download button', () => {
  it('downloads, shows Downloaded for 2 s, then is idle again', async () => {
    const t = start({ path: PATH, fileName: 'passport.pdf' });
    expect(selectDownloadPhase(t.snap())).toBe('idle');
    t.actor.send({ type: 'download.start' });
    expect(selectIsDownloading(t.snap())).toBe(true);
    // Pressed again while busy: still one download.
    t.actor.send({ type: 'download.start' });
    await settle();
    expect(t.calls).toEqual([{ path: PATH, fileName: 'passport.pdf' }]);
    expect(selectDownloadPhase(t.snap())).toBe('downloaded');
    expect(selectSavedAs(t.snap())).toBe('passport.pdf');
    await vi.advanceTimersByTimeAsync(TIMINGS.downloadSuccessResetMs - 1);
    expect(selectDownloadPhase(t.snap())).toBe('downloaded');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectDownloadPhase(t.snap())).toBe('idle');
    expect(selectSavedAs(t.snap())).toBeNull();
  });

  it.each([
    [new ApiError(messages.download.authRequired, 401, null), messages.download.authRequired],
    [new ApiError('Unknown file.', 404, { error: 'Unknown file.' }), messages.download.fileNotAvailable],
    [new ApiError('HTTP 500', 500, null), messages.download.failedTryAgain],
    [new ApiError(messages.general.network, 0, null), messages.download.failedTryAgain],
  ])('shows a failure (%s) for 3 s', async (error, text) => {
    const t = start({ path: PATH }, async () => Promise.reject(error));
    t.actor.send({ type: 'download.start' });
    await settle();
    expect(selectDownloadPhase(t.snap())).toBe('failed');
    expect(selectDownloadError(t.snap())).toBe(text);
    await vi.advanceTimersByTimeAsync(TIMINGS.downloadErrorResetMs - 1);
    expect(selectDownloadPhase(t.snap())).toBe('failed');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectDownloadPhase(t.snap())).toBe('idle');
    expect(selectDownloadError(t.snap())).toBeNull();
  });

  it("says 'File not available for download' without a request when there is no file, and can start again at once", async () => {
    const t = start({ path: null });
    t.actor.send({ type: 'download.start' });
    expect(selectDownloadError(t.snap())).toBe(messages.download.fileNotAvailable);
    expect(t.calls).toEqual([]);
    const ok = start({ path: PATH });
    ok.actor.send({ type: 'download.start' });
    await settle();
    ok.actor.send({ type: 'download.start' });
    expect(selectIsDownloading(ok.snap())).toBe(true);
    expect(ok.calls[1]).toEqual({ path: PATH, fileName: DEFAULT_DOWNLOAD_NAME });
  });

  it('reads the file name from Content-Disposition, UTF-8 first, never a path, else the fallback', () => {
    expect(fileNameFromDisposition(null, 'document.pdf')).toBe('document.pdf');
    expect(fileNameFromDisposition('attachment', 'document.pdf')).toBe('document.pdf');
    expect(fileNameFromDisposition('attachment; filename="passport scan.pdf"', 'x')).toBe('passport scan.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.pdf; size=3', 'x')).toBe('plain.pdf');
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%BCber%20doc.pdf`, 'x')).toBe('über doc.pdf');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(fileNameFromDisposition('attachment; filename=".."', 'x')).toBe('x');
  });
});
