/**
 * Paths of the back-office settings page: load (or fail and try again), save (accepted: the answer shown with
 * 'Saved.'; a 409: the server's words and the settings now in force loaded again; another refusal: the form kept
 * with the server's words; values the server would refuse: their problem shown, nothing sent); the form (the draft)
 * filled from each answer and typed in. Replayed on a real actor with fake calls; after each step: one call exactly while busy,
 * a save sends the form's values with the updatedAt of the settings on screen, the notice only after an accepted save.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { GENERAL_FAILURE } from '../../machines/admin/admin-failure.ts';
import { SAVED_NOTICE, settingsMachine } from '../../machines/admin/settings/settings.machine.ts';
import { selectPhase } from '../../machines/admin/settings/settings.selectors.ts';
import type { SaveSettingsInput, SettingsOutput } from '../../machines/admin/settings/settings.types.ts';
import { AdminApiError } from '../../src/client/admin/admin-api.ts';
import { settingsMessages } from '../../src/shared/admin/settings-messages.ts';
import { draftOf, settingsProblem, valuesOf, type AdminSettingsResponse, type AdminSettingValues } from '../../src/shared/admin/settings.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof settingsMachine>;

const VALUES: AdminSettingValues = { tokenPrice: 1, minInvestment: 100, maxInvestment: 1_000_000, kycFourEyesAboveEur: 100_000, kycReviewTargetHours: 48 };
const settings = (updatedAt: string, values = VALUES): AdminSettingsResponse => ({ values, updatedAt, pinned: {}, history: [] });
const FIRST = settings('2026-11-25T00:00:00.000Z');
const SAVED = settings('2026-11-25T00:01:00.000Z', { ...VALUES, minInvestment: 200 });
const STALE = 'Someone changed the settings since you opened them.';
const INVALID = 'Please check the settings.';

const events: AnyEventObject[] = [
  { type: 'settings.retry' },
  { type: 'settings.field', key: 'minInvestment', value: '200' },
  { type: 'settings.field', key: 'kycReviewTargetHours', value: '1.5' },
  { type: 'settings.save' },
  { type: 'xstate.done.actor.loadSettings', output: FIRST },
  { type: 'xstate.done.actor.saveSettings', output: SAVED },
  { type: 'xstate.error.actor.loadSettings', error: new TypeError('network') },
  { type: 'xstate.error.actor.saveSettings', error: new AdminApiError(409, STALE) },
  { type: 'xstate.error.actor.saveSettings', error: new AdminApiError(400, INVALID) },
];

type Fakes = { loads: { running: boolean }[]; saves: { running: boolean; input: SaveSettingsInput }[] };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes, before: Snapshot | null) {
  const running = (list: { running: boolean }[]) => list.filter((c) => c.running).length;
  expect(running(fakes.loads) + running(fakes.saves), 'one call while busy').toBe(s.hasTag('busy') ? 1 : 0);
  expect(running(fakes.saves)).toBe(s.matches('saving') ? 1 : 0);
  // Values the server would refuse are never sent: their problem is shown instead.
  const typed = before?.context.draft ? valuesOf(before.context.draft) : null;
  if (event.type === 'settings.save' && typed && settingsProblem(typed) !== null) {
    expect(s.matches('saving')).toBe(false);
    if (before?.matches('editing')) expect(s.context.error).toBe(settingsMessages.targetHours);
  }
  if (event.type === 'settings.save' && s.matches('saving')) {
    expect(fakes.saves.at(-1)!.input).toEqual({ ...typed, expectedUpdatedAt: before!.context.settings!.updatedAt });
  }
  // The form shows the settings the server answered with, until typed in.
  if (/^xstate\.done\.actor\./.test(event.type)) expect(s.context.draft).toEqual(draftOf(s.context.settings!.values));
  if (event.type === 'settings.field' && s.matches('editing')) expect(s.context.draft?.[event.key as 'minInvestment']).toBe(event.value);
  if (s.context.notice !== null) expect(s.context.notice).toBe(SAVED_NOTICE);
  if (event.type === 'xstate.done.actor.saveSettings') expect([s.context.notice, s.context.settings]).toEqual([SAVED_NOTICE, SAVED]);
  if (event.type === 'xstate.error.actor.saveSettings') {
    expect(s.context.error).toBe(event.error.message);
    expect(s.matches('reloading')).toBe(event.error.status === 409);
  }
  if (event.type === 'xstate.error.actor.loadSettings') expect(s.context.error).toBe(GENERAL_FAILURE);
  if (s.matches('failed')) expect(selectPhase(s)).toBe('failed');
  if (s.matches('editing')) expect(s.context.settings).not.toBeNull();
}

describe('admin settings statechart paths', () => {
  const result = coverMachine(settingsMachine, { name: 'admin-settings', events });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    let before: Snapshot | null = null;
    const ended = await replayPaths<typeof settingsMachine, Fakes>(result.paths, {
      setup: () => {
        before = null;
        const fakes: Fakes = { loads: [], saves: [] };
        const pending = <T,>(list: { running: boolean }[], extra: object, signal: AbortSignal) => {
          const call = { running: true, ...extra };
          list.push(call);
          signal.addEventListener('abort', () => void (call.running = false));
          return new Promise<T>(() => {});
        };
        const machine = settingsMachine.provide({
          actors: {
            loadSettings: fromPromise<SettingsOutput, void>(({ signal }) => pending(fakes.loads, {}, signal)),
            saveSettings: fromPromise<SettingsOutput, SaveSettingsInput>(({ input, signal }) => pending(fakes.saves, { input }, signal)),
          },
        });
        return { machine, fakes };
      },
      deliver: (_event, run) => {
        before = run.actor.getSnapshot() as Snapshot;
        return false;
      },
      checkStep: ({ snapshot, event, fakes }) => {
        // A delivered answer ends the call it answers (a reload it starts is in the other list, still running).
        if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
          (event.type.endsWith('saveSettings') ? fakes.saves : fakes.loads).forEach((c) => void (c.running = false));
        }
        invariants(snapshot, event, fakes, before);
      },
    });
    expect(ended.length).toBeGreaterThan(0);
  });
});
