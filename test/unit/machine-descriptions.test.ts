/**
 * Every machine describes itself (issue 16): the statechart explorer shows, for a clicked state or transition, the
 * machine's own one-line descriptions. This test fails naming what is missing: the machine's `description`, each state
 * node's `description` (history pseudo-states excepted), and a `meta.descriptions` entry for every guard, action, actor
 * and delay the machine names (in its states or in setup()), and it fails on a description of a name that no longer
 * exists. See MachineDescriptions in src/shared/statechart-diagram.ts.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, assign, fromPromise, not, or, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { MachineDescriptions, MachineMeta } from '../../src/shared/statechart-diagram.ts';
import { findMachineFiles, loadMachines } from '../../src/tools/statecharts.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Kind = keyof MachineDescriptions;
const KINDS: Kind[] = ['guards', 'actions', 'actors', 'delays'];
type Names = Record<Kind, Set<string>>;

// XState's own names (built-in actions, inline invokes' generated sources) are not the machine's to describe.
const isXStateName = (name: string) => name.startsWith('xstate.');

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((c) => [c, ...allNodes(c)]);
}

/** Named guards in a guard reference: 'isX', { type: 'isX' }, and the guards inside not()/and()/or(). */
function guardNames(guard: unknown, out: Set<string>): void {
  if (typeof guard === 'string') out.add(guard);
  else if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown }).guards;
    if (Array.isArray(inner)) inner.forEach((g) => guardNames(g, out));
  } else if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string') {
    out.add((guard as { type: string }).type);
  }
}

/** Named actions: 'doX' and { type: 'doX' }; inline functions (assign(...), arrows) have no name to describe. */
function actionNames(actions: unknown, out: Set<string>): void {
  const list = Array.isArray(actions) ? actions : actions === undefined ? [] : [actions];
  for (const action of list) {
    if (typeof action === 'string') out.add(action);
    else if (typeof action === 'object' && action !== null && typeof (action as { type?: unknown }).type === 'string') {
      out.add((action as { type: string }).type);
    }
  }
}

/** Every guard, action, actor and delay name the machine's states reference or its setup() implements. */
function namesUsed(machine: AnyStateMachine): Names {
  const names: Names = { guards: new Set(), actions: new Set(), actors: new Set(), delays: new Set() };
  for (const node of [machine.root, ...allNodes(machine.root)]) {
    actionNames(node.entry, names.actions);
    actionNames(node.exit, names.actions);
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of transitions) {
      guardNames(t.guard, names.guards);
      actionNames(t.actions, names.actions);
    }
    for (const invoke of node.invoke) if (typeof invoke.src === 'string') names.actors.add(invoke.src);
    for (const delayed of node.after) {
      const delay = (delayed as { delay?: unknown }).delay;
      if (typeof delay === 'string') names.delays.add(delay);
    }
  }
  const impl = machine.implementations as unknown as Record<Kind, Record<string, unknown> | undefined>;
  for (const kind of KINDS) for (const key of Object.keys(impl[kind] ?? {})) names[kind].add(key);
  for (const kind of KINDS) for (const name of [...names[kind]]) if (isXStateName(name)) names[kind].delete(name);
  return names;
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** What the machine leaves undescribed or describes wrongly, one line each; empty when it describes itself fully. */
function descriptionProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  if (!hasText(machine.root.description)) problems.push(`machine '${machine.id}' has no description`);
  for (const node of allNodes(machine.root)) {
    if (node.type === 'history') continue;
    if (!hasText(node.description)) problems.push(`state '${node.id}' has no description`);
  }
  const meta = machine.root.meta as MachineMeta | undefined;
  const described = (meta?.descriptions ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(described)) {
    if (!(KINDS as string[]).includes(key)) problems.push(`meta.descriptions.${key} is not one of ${KINDS.join(', ')}`);
  }
  const used = namesUsed(machine);
  const singular: Record<Kind, string> = { guards: 'guard', actions: 'action', actors: 'actor', delays: 'delay' };
  for (const kind of KINDS) {
    const given = (described[kind] ?? {}) as Record<string, unknown>;
    for (const name of [...used[kind]].sort()) {
      if (!hasText(given[name])) problems.push(`${singular[kind]} '${name}' has no meta.descriptions.${kind} entry`);
    }
    for (const name of Object.keys(given).sort()) {
      if (!used[kind].has(name)) problems.push(`meta.descriptions.${kind} describes '${name}', which the machine does not name`);
    }
  }
  return problems;
}

const entries = await loadMachines(repoRoot, findMachineFiles(repoRoot));

describe('every machine describes itself', () => {
  it('finds the machines', () => {
    expect(entries.length).toBeGreaterThan(30);
  });

  it.each(entries.map((e) => [e.machine.id, e] as const))('%s', (_id, { machine, file }) => {
    expect(descriptionProblems(machine), `${file}: add the missing descriptions`).toEqual([]);
  });
});

const demoSetup = setup({
  guards: { isReady: () => true, isLate: () => false, unused: () => true },
  actions: { remember: () => {}, forget: () => {} },
  actors: { fetchThing: fromPromise(async () => 1) },
  delays: { WAIT: 10 },
});

/** A machine naming every kind of implementation every way it can; `full` describes all of it. */
function demoMachine(full: boolean) {
  const descriptions: MachineDescriptions = full
    ? {
        guards: { isReady: 'Ready.', isLate: 'Late.', unused: 'Unused.' },
        actions: { remember: 'R.', forget: 'F.', provided: 'P.', bye: 'B.' },
        actors: { fetchThing: 'Fetches.' },
        delays: { WAIT: 'Waits.' },
      }
    : { guards: { isReady: 'Ready.', gone: 'Stale.' } };
  return demoSetup.createMachine({
    id: 'demo',
    ...(full ? { description: 'Demo.' } : {}),
    initial: 'idle',
    meta: { descriptions } satisfies MachineMeta,
    entry: 'remember',
    states: {
      idle: {
        description: 'Waiting.',
        on: {
          go: { guard: and([not('isLate'), or([{ type: 'isReady' }, 'isLate'])]), target: 'busy', actions: { type: 'forget' } },
          later: { actions: ['provided' as never, assign({})] },
        },
        after: { WAIT: 'busy', 50: 'busy' },
      },
      busy: {
        ...(full ? { description: 'Busy.' } : {}),
        exit: [{ type: 'bye' as never }],
        invoke: [{ src: 'fetchThing', onDone: 'idle' }, { src: fromPromise(async () => 2) }],
        initial: 'a',
        states: { a: { description: 'A.' }, past: { type: 'history' } },
      },
    },
  }) as unknown as AnyStateMachine;
}

describe('the description check itself', () => {
  it('names every missing description and every stale one', () => {
    expect(descriptionProblems(demoMachine(false))).toEqual([
      "machine 'demo' has no description",
      "state 'demo.busy' has no description",
      "guard 'isLate' has no meta.descriptions.guards entry",
      "guard 'unused' has no meta.descriptions.guards entry",
      "meta.descriptions.guards describes 'gone', which the machine does not name",
      "action 'bye' has no meta.descriptions.actions entry",
      "action 'forget' has no meta.descriptions.actions entry",
      "action 'provided' has no meta.descriptions.actions entry",
      "action 'remember' has no meta.descriptions.actions entry",
      "actor 'fetchThing' has no meta.descriptions.actors entry",
      "delay 'WAIT' has no meta.descriptions.delays entry",
    ]);
  });

  it('passes a machine that describes everything it names', () => {
    expect(descriptionProblems(demoMachine(true))).toEqual([]);
  });
});
