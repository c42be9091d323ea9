import { describe, expect, it } from 'vitest';
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { coverMachine } from '../paths/coverage.ts';
import { replayPaths } from '../paths/replay.ts';

/** A small chart with an effect, a report to its parent and an output. */
const sample = setup({
  types: { context: {} as { saved: number }, events: {} as { type: 'sample.save' } | { type: 'sample.finish' } },
  actors: { save: fromPromise<number, void>(async () => 1) },
  actions: { tellParent: sendParent({ type: 'parent.save.done' }) },
}).createMachine({
  id: 'sample',
  context: { saved: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'sample.save': 'saving', 'sample.finish': 'done' } },
    saving: {
      invoke: { id: 'save', src: 'save', onDone: { target: 'idle', actions: [assign({ saved: ({ event }) => event.output }), 'tellParent'] } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
const events = [{ type: 'sample.save' }, { type: 'sample.finish' }, { type: 'xstate.done.actor.save', output: 1 }];
const result = coverMachine(sample.provide({ actions: { tellParent: () => undefined } }), { name: 'sample', events });
const silent = () => ({ machine: sample.provide({ actors: { save: fromPromise<number, void>(() => new Promise(() => {})) } }) });

describe('replayPaths', () => {
  it('checks the start and every step, records what the chart tells its parent and keeps its output', async () => {
    const seen: string[] = [];
    const ended = await replayPaths(result.paths, {
      setup: silent,
      parent: true,
      compareContext: true,
      checkStep: ({ event, snapshot }) => void seen.push(`${event.type} -> ${JSON.stringify(snapshot.value)}`),
    });
    expect(seen).toContain('xstate.init -> "idle"');
    const saved = ended.find((e) => e.path.steps.some((s) => s.event.type === 'xstate.done.actor.save'));
    expect(saved?.sentToParent).toEqual([{ type: 'parent.save.done' }]);
    const finished = ended.find((e) => e.snapshot.status === 'done');
    expect(finished?.output).toEqual({ saved: finished?.snapshot.context.saved });
  });

  it('fails when the actor leaves the model, e.g. an effect that answers by itself', async () => {
    // Saves 1 at once, where the paths' answer says 2: once the step waits, the actor holds what the model does not.
    const answering = () => ({ machine: sample });
    const pathsSaving2 = coverMachine(sample.provide({ actions: { tellParent: () => undefined } }), {
      name: 'sample-2',
      events: [{ type: 'sample.save' }, { type: 'xstate.done.actor.save', output: 2 }],
    }).paths;
    const waitThenSend = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 0));
    await expect(replayPaths(pathsSaving2, { setup: answering, parent: true, compareContext: true, deliver: waitThenSend })).rejects.toThrow(/after xstate\.done\.actor\.save/);
  });

  it('lets the test deliver an event itself', async () => {
    const delivered: string[] = [];
    await replayPaths(result.paths, {
      setup: silent,
      parent: true,
      deliver: (event, { actor }) => {
        delivered.push(event.type);
        actor.send(event as never);
        return true;
      },
    });
    expect(new Set(delivered)).toEqual(new Set(['sample.save', 'sample.finish', 'xstate.done.actor.save']));
  });
});
