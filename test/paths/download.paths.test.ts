/**
 * Paths of the download button, once with a file and once without one (the button that fails at once). The
 * download's answers and the reset timers arrive as events. Every path is replayed on a real actor and after each
 * step the button's invariants are checked: an error only while failed, a saved name only while downloaded, the
 * downloading tag exactly while downloading.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { downloadMachine } from '../../machines/download/download.machine.ts';
import type { DownloadFileInput, DownloadFileOutput, DownloadInput } from '../../machines/download/download.types.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { messages } from '../../src/shared/messages.ts';
import { coverMachine, coverTogether, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof downloadMachine>;

const WITH_FILE: DownloadInput = { path: '/api/kyc/download/0123456789abcdef0123456789abcdef.pdf', fileName: 'passport.pdf' };
const WITHOUT_FILE: DownloadInput = { path: null };

const events: AnyEventObject[] = [
  { type: 'download.start' },
  { type: 'xstate.done.actor.downloadFile', output: { fileName: 'passport.pdf' } },
  { type: 'xstate.error.actor.downloadFile', error: new ApiError('Unknown file.', 404, null) },
  { type: 'xstate.after.SUCCESS_RESET.download.downloaded' },
  { type: 'xstate.after.ERROR_RESET.download.failed' },
];

function invariants(s: Snapshot) {
  expect(s.context.error !== null).toBe(s.matches('failed'));
  expect(s.context.savedAs !== null).toBe(s.matches('downloaded'));
  expect(s.hasTag('downloading')).toBe(s.matches('downloading'));
  if (s.matches('failed') && s.context.path === null) expect(s.context.error).toBe(messages.download.fileNotAvailable);
}

describe('download statechart paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const inputs = [WITH_FILE, WITHOUT_FILE];
  const runs = inputs.map((input) => ({ input, result: coverMachine(downloadMachine, { name: 'download', events, input }) }));
  const result = coverTogether('download', runs.map((r) => r.result));

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the button invariants on every path, replayed on a real actor', async () => {
    for (const { input, result: run } of runs) {
      await replayPaths(run.paths, {
        input,
        setup: () => ({
          machine: downloadMachine.provide({
            actors: { downloadFile: fromPromise<DownloadFileOutput, DownloadFileInput>(() => new Promise(() => {})) },
          }),
        }),
        checkStep: ({ snapshot }) => invariants(snapshot),
      });
    }
  });
});
