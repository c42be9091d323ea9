/**
 * The explorer's diagrams of every machine: the model holds exactly the machine's state nodes and transitions (checked
 * against a walk of its own), and the layout nests, separates and connects the boxes it draws.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyStateNode } from 'xstate';
import type { DiagramBox, DiagramPoint, StatechartDiagram } from '../../src/shared/statechart-diagram.ts';
import { buildDiagramModel } from '../../src/tools/diagram-model.ts';
import { labelClashes, layoutDiagram } from '../../src/tools/diagram-layout.ts';
import { countMachine, findMachineFiles, loadMachines, type MachineEntry } from '../../src/tools/statecharts.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entries: MachineEntry[] = await loadMachines(repoRoot, findMachineFiles(repoRoot));

/** Every node below `node`, and each node's declared transitions as `source|event|targets`, walked here on purpose. */
function walk(node: AnyStateNode): { ids: string[]; transitions: string[] } {
  const ids = [node.id];
  const transitions = [
    ...[...node.transitions.entries()].flatMap(([type, list]) => list.map((t) => `${node.id}|${type}|${(t.target ?? []).map((s) => s.id).join(',')}`)),
    ...(node.always ?? []).map((t) => `${node.id}||${(t.target ?? []).map((s) => s.id).join(',')}`),
  ];
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    const below = walk(child);
    ids.push(...below.ids);
    transitions.push(...below.transitions);
  }
  return { ids, transitions };
}

const EPS = 0.5;
const inside = (inner: DiagramBox, outer: DiagramBox) =>
  inner.x >= outer.x - EPS &&
  inner.y >= outer.y - EPS &&
  inner.x + inner.width <= outer.x + outer.width + EPS &&
  inner.y + inner.height <= outer.y + outer.height + EPS;
const overlap = (a: DiagramBox, b: DiagramBox) =>
  a.x + EPS < b.x + b.width && b.x + EPS < a.x + a.width && a.y + EPS < b.y + b.height && b.y + EPS < a.y + a.height;
/** How far a point is from a box's border (0 on it), from inside or outside. */
function borderDistance([x, y]: DiagramPoint, b: DiagramBox): number {
  const dx = Math.max(b.x - x, 0, x - (b.x + b.width));
  const dy = Math.max(b.y - y, 0, y - (b.y + b.height));
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return Math.min(x - b.x, b.x + b.width - x, y - b.y, b.y + b.height - y);
}

describe('explorer diagrams of every machine', () => {
  const diagrams = new Map<string, Omit<StatechartDiagram, 'runs'>>();
  beforeAll(async () => {
    for (const entry of entries) {
      const model = buildDiagramModel(entry);
      diagrams.set(entry.machine.id, { ...model, ...(await layoutDiagram(model)) });
    }
  }, 120_000);

  it('finds the machines', () => expect(entries.length).toBeGreaterThan(20));

  describe.each(entries.map((e) => [e.machine.id, e] as const))('%s', (id, entry) => {
    const diagram = () => diagrams.get(id)!;

    it('has exactly the machine’s state nodes, root first and parents before children', () => {
      const { ids } = walk(entry.machine.root);
      const states = diagram().states;
      expect(states.map((s) => s.id)).toEqual(ids);
      expect(states.length).toBe(countMachine(entry.machine).states + 1);
      expect(states[0]!.parent).toBeNull();
      const seen = new Set<string>();
      for (const s of states) {
        if (s.parent !== null) expect(seen.has(s.parent), `${s.id} after its parent`).toBe(true);
        seen.add(s.id);
      }
    });

    it('has exactly the machine’s transitions, with unique ids and existing ends', () => {
      const { transitions } = walk(entry.machine.root);
      const drawn = diagram().transitions;
      expect(drawn.map((t) => `${t.source}|${t.eventType}|${t.targets.join(',')}`)).toEqual(transitions);
      expect(drawn.length).toBe(countMachine(entry.machine).transitions);
      expect(new Set(drawn.map((t) => t.id)).size).toBe(drawn.length);
      const ids = new Set(diagram().states.map((s) => s.id));
      for (const t of drawn) {
        expect(ids.has(t.source), t.id).toBe(true);
        for (const target of t.targets) expect(ids.has(target), `${t.id} -> ${target}`).toBe(true);
        expect(t.label.length, t.id).toBeGreaterThan(0);
      }
    });

    it('puts every state inside its parent and keeps siblings apart', () => {
      const { states, width, height } = diagram();
      const byId = new Map(states.map((s) => [s.id, s]));
      expect(inside(states[0]!, { x: 0, y: 0, width, height })).toBe(true);
      for (const s of states) {
        expect(s.width, s.id).toBeGreaterThan(0);
        if (s.parent) expect(inside(s, byId.get(s.parent)!), `${s.id} inside ${s.parent}`).toBe(true);
      }
      for (const a of states) {
        for (const b of states) {
          if (a.id < b.id && a.parent !== null && a.parent === b.parent) expect(overlap(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
        }
      }
    });

    it('routes every transition from its source’s border to its target’s, one route per target', () => {
      const byId = new Map(diagram().states.map((s) => [s.id, s]));
      for (const t of diagram().transitions) {
        const targets = t.targets.length ? t.targets : [t.source];
        expect(t.routes.length, t.id).toBe(targets.length);
        t.routes.forEach((route, i) => {
          expect(route.length, t.id).toBeGreaterThanOrEqual(2);
          expect(borderDistance(route[0]!, byId.get(t.source)!), `${t.id} starts on ${t.source}`).toBeLessThanOrEqual(2);
          expect(borderDistance(route.at(-1)!, byId.get(targets[i]!)!), `${t.id} ends on ${targets[i]}`).toBeLessThanOrEqual(2);
        });
        expect(t.labelBox.width, t.id).toBeGreaterThan(0);
      }
    });

    it('draws no label over another label or over a state', () => expect(labelClashes(diagram())).toBe(0));

    it('starts every compound state at its initial child, from a dot inside it', () => {
      const { states, initialArrows } = diagram();
      const byId = new Map(states.map((s) => [s.id, s]));
      const compound = states.filter((s) => s.type === 'compound');
      expect(initialArrows.map((a) => a.parent)).toEqual(compound.map((s) => s.id));
      for (const arrow of initialArrows) {
        expect(arrow.target).toBe(byId.get(arrow.parent)!.initial);
        expect(inside({ x: arrow.dot[0], y: arrow.dot[1], width: 0, height: 0 }, byId.get(arrow.parent)!)).toBe(true);
        expect(borderDistance(arrow.route.at(-1)!, byId.get(arrow.target)!)).toBeLessThanOrEqual(2);
      }
    });
  });

  it('lays the same model out to the same bytes', async () => {
    const entry = entries.find((e) => e.machine.id === 'process') ?? entries[0]!;
    const model = buildDiagramModel(entry);
    expect(JSON.stringify(await layoutDiagram(model))).toBe(JSON.stringify(await layoutDiagram(buildDiagramModel(entry))));
  });
});

describe('diagram model of a sample machine', () => {
  const machine = setup({
    guards: { isReady: () => true, isStep: (_, params: { step: number }) => params.step > 0 },
    actions: { note: () => {}, tidy: () => {} },
    actors: { fetchThing: fromPromise(async () => 1) },
    delays: { TICK: 1000 },
  }).createMachine({
    id: 'demo',
    initial: 'idle',
    meta: {
      descriptions: {
        guards: { isReady: 'The thing is ready.', isStep: 'At that step.' },
        actions: { note: 'Writes it down.' },
        actors: { fetchThing: 'Fetches the thing.' },
        delays: { TICK: 'One second.' },
      },
    },
    states: {
      idle: {
        description: 'Waiting.',
        tags: ['quiet'],
        entry: ['note', { type: 'tidy' }],
        on: {
          start: [{ guard: 'isReady', target: 'busy', actions: 'note', description: 'Go.' }, { guard: { type: 'isStep', params: { step: 5 } }, target: 'busy' }],
          poke: { actions: () => {} },
        },
        after: { TICK: 'busy' },
      },
      busy: {
        invoke: { src: 'fetchThing', id: 'fetch', onDone: 'done', onError: 'idle' },
        exit: 'tidy',
        always: { guard: 'isReady', target: 'done' },
      },
      done: { type: 'final' },
    },
  });
  const model = buildDiagramModel({ machine, file: 'machines/admin/demo/demo.machine.ts', exportName: 'demoMachine' });
  const transition = (id: string) => model.transitions.find((t) => t.id === id)!;

  it('names states, their actions, invokes and descriptions', () => {
    expect(model.area).toBe('back-office');
    const idle = model.states.find((s) => s.id === 'demo.idle')!;
    expect(idle).toMatchObject({ key: 'idle', parent: 'demo', type: 'atomic', depth: 1, description: 'Waiting.', tags: ['quiet'] });
    // The `after` timer XState adds to entry/exit is drawn as its transition, not as an action.
    expect(idle.entry).toEqual([{ name: 'note', description: 'Writes it down.' }, { name: 'tidy' }]);
    expect(idle.exit).toEqual([]);
    const busy = model.states.find((s) => s.id === 'demo.busy')!;
    expect(busy.invokes).toEqual([{ id: 'fetch', name: 'fetchThing', description: 'Fetches the thing.' }]);
    expect(model.states[0]).toMatchObject({ id: 'demo', key: 'demo', parent: null, type: 'compound', initial: 'demo.idle' });
  });

  it('names transitions with the Mermaid labels, guards, actions and delays', () => {
    expect(transition('demo.idle:start:0')).toMatchObject({
      label: 'start [isReady]',
      guard: { name: 'isReady', description: 'The thing is ready.' },
      actions: [{ name: 'note', description: 'Writes it down.' }],
      description: 'Go.',
      targets: ['demo.busy'],
    });
    expect(transition('demo.idle:start:1')).toMatchObject({ label: 'start [isStep(5)]', guard: { name: 'isStep(5)', description: 'At that step.' } });
    expect(transition('demo.idle:poke:0')).toMatchObject({ targets: [], actions: [{ name: 'inline' }] });
    expect(transition('demo.idle:xstate.after.TICK.demo.idle:0')).toMatchObject({ label: 'after(TICK)', delay: 'TICK', delayDescription: 'One second.' });
    expect(transition('demo.busy:xstate.done.actor.fetch:0')).toMatchObject({ label: 'done(fetch)', targets: ['demo.done'] });
    expect(transition('demo.busy:xstate.error.actor.fetch:0')).toMatchObject({ label: 'error(fetch)', targets: ['demo.idle'] });
    expect(transition('demo.busy:always:0')).toMatchObject({ label: 'always [isReady]', eventType: '' });
  });
});
