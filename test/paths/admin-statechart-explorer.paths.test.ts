/**
 * Paths of the back-office statechart explorer: the list loads (or fails and is tried again), a machine is chosen
 * (or named by the address), its diagram loads (or fails: a missing machine), a state or transition is selected, a
 * path chosen in the replay form (issue 29: the choice is the chart's; an unknown run or path refused) and replayed
 * step by step (never past its ends; an unknown path refused), another machine chosen or back to the list. Covered with and without a deep link; replayed on a real actor with fake loads. After each step: one load
 * exactly while busy, the loaded diagram is the one chosen, the address follows the choice, the replay's step is
 * within its path.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { statechartExplorerMachine } from '../../machines/admin/statechart-explorer/statechart-explorer.machine.ts';
import { selectPhase, selectReplayStep } from '../../machines/admin/statechart-explorer/statechart-explorer.selectors.ts';
import type { ExplorerInput, LoadDiagramInput } from '../../machines/admin/statechart-explorer/statechart-explorer.types.ts';
import { SAMPLE_DIAGRAM, SAMPLE_INDEX } from '../../src/client/explorer/fixtures/sample-diagram.ts';
import type { StatechartDiagram, StatechartIndexEntry } from '../../src/shared/statechart-diagram.ts';
import { coverMachine, coverTogether, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

type Snapshot = SnapshotFrom<typeof statechartExplorerMachine>;
const MISSING = 'There is no statechart called “nope”.';
const LIFECYCLE_INDEX: StatechartIndexEntry[] = SAMPLE_INDEX.map((m) => (m.id === 'sample' ? { ...m, area: 'lifecycle' as const } : m));

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadIndex', output: SAMPLE_INDEX },
  // A list with the investment's lifecycle: the explorer opens on it.
  { type: 'xstate.done.actor.loadIndex', output: LIFECYCLE_INDEX },
  { type: 'xstate.error.actor.loadIndex', error: new TypeError('Failed to fetch dynamically imported module') },
  { type: 'explorer.retry' },
  { type: 'explorer.choose', machineId: 'sample' },
  { type: 'xstate.done.actor.loadDiagram', output: SAMPLE_DIAGRAM },
  { type: 'xstate.error.actor.loadDiagram', error: new Error(MISSING) },
  { type: 'explorer.back' },
  { type: 'explorer.select', selection: { kind: 'state', id: 'sample.idle' } },
  { type: 'explorer.select', selection: null },
  { type: 'explorer.replay.start', run: 0, path: 0 },
  { type: 'explorer.replay.start', run: 0, path: 7 },
  { type: 'explorer.replay.start', run: 0, path: 1, step: 2 },
  { type: 'explorer.replay.start', run: 0, path: 1, step: 3 },
  { type: 'explorer.replay.next' },
  { type: 'explorer.replay.previous' },
  { type: 'explorer.replay.first' },
  { type: 'explorer.replay.last' },
  { type: 'explorer.replay.stop' },
  { type: 'explorer.replay.pickPath', path: 1 },
  { type: 'explorer.replay.pickPath', path: 7 },
  { type: 'explorer.replay.pickRun', run: 0 },
  { type: 'explorer.replay.pickRun', run: 3 },
];

type Fakes = { indexLoads: { running: boolean }[]; diagramLoads: { running: boolean; input: LoadDiagramInput }[]; addresses: (string | null)[]; deepLink: boolean };

function invariants(s: Snapshot, event: AnyEventObject, fakes: Fakes) {
  const running = (list: { running: boolean }[]) => list.filter((c) => c.running).length;
  expect(running(fakes.indexLoads) + running(fakes.diagramLoads), 'one load while busy').toBe(s.hasTag('busy') ? 1 : 0);
  if (s.matches('loadingDiagram')) expect(fakes.diagramLoads.at(-1)!.input).toEqual({ machineId: s.context.machineId });
  if (s.matches('showing')) expect(s.context.diagram).toBe(SAMPLE_DIAGRAM);
  if (event.type === 'explorer.choose' && s.context.index) expect(fakes.addresses.at(-1)).toBe(event.machineId);
  if (event.type === 'explorer.back' && s.context.index) expect([fakes.addresses.at(-1), s.context.machineId, s.context.diagram]).toEqual([null, null, null]);
  if (s.matches('diagramFailed')) expect(s.context.error).toBe(MISSING);
  if (event.type === 'xstate.done.actor.loadIndex' && event.output === LIFECYCLE_INDEX && s.matches('loadingDiagram')) {
    // Opened on the lifecycle when the address named no machine (it is then put in the address); a deep link wins.
    expect([s.context.machineId, fakes.addresses.at(-1)]).toEqual(fakes.deepLink ? ['sample', undefined] : ['sample', 'sample']);
  }
  if (s.matches('listFailed')) expect(s.context.error).toBe('Failed to fetch dynamically imported module');
  const step = selectReplayStep(s);
  expect(step !== null).toBe(s.matches({ showing: 'replaying' }));
  if (step) {
    expect(step.number).toBeGreaterThanOrEqual(1);
    expect(step.number).toBeLessThanOrEqual(step.count);
    expect(step.count).toBe(SAMPLE_DIAGRAM.runs[0]!.paths[step.pathNumber - 1]!.steps.length);
    if (event.type === 'explorer.replay.first') expect(step.number).toBe(1);
    if (event.type === 'explorer.replay.start') expect([step.number, step.pathNumber]).toEqual([(event.step ?? 0) + 1, event.path + 1]);
    if (event.type === 'explorer.replay.last') expect(step.number).toBe(step.count);
  }
  expect(selectPhase(s)).toBe(typeof s.value === 'object' ? 'showing' : s.value);
  // The form's choice is always a path the diagram has (or the first, before a diagram); a replay started shows its own.
  if (s.context.diagram) expect(s.context.diagram.runs[s.context.pick.run]?.paths[s.context.pick.path]).toBeDefined();
  else expect(s.context.pick).toEqual({ run: 0, path: 0 });
  if (event.type === 'explorer.replay.pickRun' && s.matches('showing')) expect(s.context.pick).toEqual({ run: 0, path: 0 });
  if (event.type === 'explorer.replay.start' && step) expect([s.context.pick.run, s.context.pick.path]).toEqual([s.context.replay!.run, s.context.replay!.path]);
}

async function replayAll(input: ExplorerInput, paths: ReturnType<typeof coverMachine>['paths']) {
  return replayPaths<typeof statechartExplorerMachine, Fakes>(paths, {
    input,
    compareContext: true,
    setup: () => {
      const fakes: Fakes = { indexLoads: [], diagramLoads: [], addresses: [], deepLink: input.machineId !== null };
      const pending = <T,>(list: { running: boolean }[], extra: object, signal: AbortSignal) => {
        const call = { running: true, ...extra };
        list.push(call);
        signal.addEventListener('abort', () => void (call.running = false));
        return new Promise<T>(() => {});
      };
      const machine = statechartExplorerMachine.provide({
        actors: {
          loadIndex: fromPromise<StatechartIndexEntry[], void>(({ signal }) => pending(fakes.indexLoads, {}, signal)),
          loadDiagram: fromPromise<StatechartDiagram, LoadDiagramInput>(({ input: i, signal }) => pending(fakes.diagramLoads, { input: i }, signal)),
        },
        actions: { showMachineInAddress: (_, params: { machineId: string | null }) => void fakes.addresses.push(params.machineId) },
      });
      return { machine, fakes };
    },
    checkStep: ({ snapshot, event, fakes }) => {
      // A delivered answer ends the load it answers.
      if (/^xstate\.(done|error)\.actor\./.test(event.type)) (event.type.endsWith('loadIndex') ? fakes.indexLoads : fakes.diagramLoads).forEach((c) => void (c.running = false));
      invariants(snapshot, event, fakes);
    },
  });
}

describe('admin statechart explorer paths', () => {
  const plain = coverMachine(statechartExplorerMachine, { name: 'admin-statechart-explorer (list first)', events, input: { machineId: null } });
  const deepLink = coverMachine(statechartExplorerMachine, { name: 'admin-statechart-explorer (deep link)', events, input: { machineId: 'sample' } });

  it('reaches every state and transition', () => expectFullCoverage(coverTogether('admin-statechart-explorer', [plain, deepLink])));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    expect((await replayAll({ machineId: null }, plain.paths)).length).toBeGreaterThan(0);
    expect((await replayAll({ machineId: 'sample' }, deepLink.paths)).length).toBeGreaterThan(0);
  });

  it('never moves a replay past either end of its path', () => {
    const machine = statechartExplorerMachine.provide({ actions: { showMachineInAddress: () => {} } });
    const snapshot = machine.resolveState({ value: { showing: 'replaying' }, context: { index: SAMPLE_INDEX, machineId: 'sample', diagram: SAMPLE_DIAGRAM, selection: null, replay: { run: 0, path: 1, step: 0 }, pick: { run: 0, path: 1 }, error: null } });
    const actor = createActor(machine, { snapshot, input: { machineId: 'sample' } }).start();
    actor.send({ type: 'explorer.replay.previous' });
    expect(actor.getSnapshot().context.replay!.step).toBe(0);
    for (let i = 0; i < 10; i++) actor.send({ type: 'explorer.replay.next' });
    expect(actor.getSnapshot().context.replay!.step).toBe(SAMPLE_DIAGRAM.runs[0]!.paths[1]!.steps.length - 1);
    actor.send({ type: 'explorer.replay.start', run: 3, path: 0 });
    expect(actor.getSnapshot().context.replay).toEqual({ run: 0, path: 1, step: 2 });
    actor.stop();
  });
});
