/**
 * The inspector's store fed by XState's inspect option: lists the running machine actors (parents before children,
 * promise actors left out) with their active state ids, follows their transitions, and drops an actor that stopped.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { createInspectorStore } from './inspector-store.ts';

const child = createMachine({ id: 'child', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });
const parent = setup({ actors: { child, wait: fromPromise(() => new Promise(() => {})) } }).createMachine({
  id: 'parent',
  initial: 'with',
  states: {
    with: { invoke: [{ id: 'theChild', src: 'child' }, { id: 'waiting', src: 'wait' }], on: { drop: 'without' } },
    without: {},
  },
});

describe('inspector store', () => {
  it('lists running machine actors with their active states and follows them', async () => {
    const store = createInspectorStore();
    let notified = 0;
    store.subscribe(() => void notified++);
    const actor = createActor(parent, { inspect: store.inspect }).start();
    expect(store.list().map((a) => [a.name, a.machineId, a.active])).toEqual([
      ['parent', 'parent', ['parent.with']],
      ['theChild', 'child', ['child.a']],
    ]);
    expect(store.list()[1]!.parentSessionId).toBe(store.list()[0]!.sessionId);
    (actor.getSnapshot().children as Record<string, { send: (e: { type: string }) => void }>).theChild!.send({ type: 'go' });
    expect(store.list()[1]!.active).toEqual(['child.b']);
    actor.send({ type: 'drop' });
    expect(store.list().map((a) => [a.name, a.active])).toEqual([['parent', ['parent.without']]]);
    await new Promise((r) => setTimeout(r, 20));
    expect(notified).toBeGreaterThan(0);
    actor.stop();
    expect(store.list()).toEqual([]);
  });
});

describe('inspector store and actors never started', () => {
  it('leaves out an actor that was created but not started (React StrictMode makes one)', () => {
    const store = createInspectorStore();
    createActor(child, { inspect: store.inspect });
    const started = createActor(child, { inspect: store.inspect }).start();
    expect(store.list().map((a) => a.sessionId)).toEqual([started.sessionId]);
    started.stop();
  });
});
