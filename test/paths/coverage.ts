/**
 * Model-based path coverage for XState v5 machines (xstate/graph).
 *
 * coverMachine() generates test paths (shortest or simple) with createTestModel, adds one path per
 * reachable transition the generator skipped, then replays every path on the pure machine (no actors
 * started, no actions executed) and records which declared transitions fired. Invoked promises and
 * timers are traversed by synthetic events the caller lists:
 *   { type: 'xstate.done.actor.<id>', output }, { type: 'xstate.error.actor.<id>', error },
 *   { type: 'xstate.after.<delay>.<stateNodeId>' }.
 * expectFullCoverage() fails with the list of state nodes and transitions no path reached.
 * replay.ts then runs the paths on real actors.
 *
 * Every run is also recorded for the statechart explorer (src/tools/diagram-paths.ts): written to
 * test/paths/recorded/<machine id>/<run name>.json with G2G_RECORD_PATHS=1 (`npm run statecharts`), else compared
 * with that file, so a path change without recording again fails its path test.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createEmptyActor } from 'xstate';
import type { AnyActorScope, AnyEventObject, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import type { StatePath, TestPath } from 'xstate/graph';
import { transitionIds } from '../../src/tools/diagram-model.ts';
import { buildPathRun, saveOrCheckRun, type RecordableStep } from '../../src/tools/diagram-paths.ts';
import { guardSuffix } from '../../src/tools/statechart-labels.ts';

type AnySnapshot = ReturnType<AnyStateMachine['transition']>;
export type CoverEvents = readonly AnyEventObject[] | ((snapshot: AnySnapshot) => readonly AnyEventObject[]);

export interface CoverOptions {
  name: string;
  events: CoverEvents;
  input?: unknown;
  /** 'shortest' (default): one shortest path per state/transition; 'simple': every simple path. */
  pathKind?: 'shortest' | 'simple';
  /** Stop exploring beyond snapshots matching this (e.g. bounded counters). */
  stopWhen?: (snapshot: AnySnapshot) => boolean;
  /**
   * Context fields left out when telling snapshots apart (e.g. a focus request, which only says where the view puts
   * focus next): snapshots that differ only there are one vertex. The paths still carry the whole context.
   */
  ignoreContext?: readonly string[];
  /** Maximum traversal iterations; the traversal throws beyond it. */
  limit?: number;
  /**
   * Tell snapshots apart by the type of the event that led to them even where the state value stays the same (a
   * page turn within `displayed`): the shortest paths then reach every snapshot by every kind of event (more paths).
   */
  byIncomingEvent?: boolean;
  /**
   * Keep the shortest path to every snapshot, also those that are the start of a longer one (dropped by default, as
   * their steps are replayed within the longer path): each is then a test case of its own, the shortest that fails.
   */
  keepPrefixPaths?: boolean;
}

/** A generated path: its steps (the first is the initial snapshot, event 'xstate.init') and the snapshot after each. */
export type CoverPath = TestPath<AnySnapshot, EventObject>;

export interface CoverResult {
  name: string;
  states: number;
  transitions: number;
  paths: CoverPath[];
  unreachedStates: string[];
  unreachedTransitions: string[];
}

/** Every state node below the root, depth first (history pseudo-states excluded: never active). */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history') out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** Readable, stable label of a declared transition: `#src on EVENT[i] [guard] -> #target`. */
function transitionLabel(t: AnyTransitionDefinition, index: number): string {
  const event = t.eventType === '' ? 'always' : t.eventType;
  const targets = t.target?.length ? t.target.map((s) => `#${s.id}`).join(', ') : '(self)';
  return `#${t.source.id} on ${event}[${index}]${guardSuffix(t.guard)} -> ${targets}`;
}

/** Every declared transition: `on`, `after`, invoke onDone/onError and `always`, keyed by identity. */
export function listTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const labels = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...listStateNodes(machine)]) {
    for (const list of node.transitions.values()) {
      list.forEach((t, i) => labels.set(t, transitionLabel(t, i)));
    }
    (node.always ?? []).forEach((t, i) => labels.set(t, transitionLabel(t, i)));
  }
  return labels;
}

/** An actor scope like xstate/graph's mock one that also reports the transitions of each microstep. */
function recordingScope(
  onTransitions: (ts: readonly AnyTransitionDefinition[]) => void,
  onMicrostep: (snapshot: AnySnapshot) => void = () => {},
): AnyActorScope {
  const empty = createEmptyActor();
  const system = Object.create(empty.system, {
    _sendInspectionEvent: {
      value: (ev: { type: string; _transitions?: AnyTransitionDefinition[]; snapshot?: AnySnapshot }) => {
        if (ev.type !== '@xstate.microstep') return;
        if (ev._transitions) onTransitions(ev._transitions);
        // Transient states (left at once by `always`) are only ever seen in a microstep's snapshot.
        if (ev.snapshot) onMicrostep(ev.snapshot);
      },
    },
  });
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'coverage',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

/**
 * Like xstate/graph's createTestModel, which refuses machines with invoke or after ("not supported"
 * because it cannot run them): here nothing runs, results and timers arrive as listed events.
 * Vertices are snapshot + incoming transition, as there, so shortest paths also cover edges.
 */
function createModel(machine: AnyStateMachine, options: CoverOptions): TestModel<AnySnapshot, EventObject, unknown> {
  const { events, input, stopWhen, limit, byIncomingEvent } = options;
  const keyOf = snapshotKey(options);
  const viaSuffix = (state: AnySnapshot, event: EventObject | undefined, prev?: AnySnapshot) => {
    if (byIncomingEvent) return ` via ${event?.type ?? 'start'}`;
    return !event || (prev && JSON.stringify(prev.value) === JSON.stringify(state.value))
      ? ''
      : ` via ${JSON.stringify(event)}${prev ? ` from ${JSON.stringify(prev.value)}` : ''}`;
  };
  return new TestModel<AnySnapshot, EventObject, unknown>(machine, {
    serializeState: (state, event, prev) => `${keyOf(state)}${viaSuffix(state, event, prev)}`,
    stateMatcher: (state, key) =>
      key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key as never),
    // Every event the active nodes accept: the listed ones of that type, else a bare { type }.
    events: (state) => {
      // A finished actor takes no more events (a pure transition still would, if the top level handles them).
      if (state.status === 'done') return [];
      const listed = typeof events === 'function' ? events(state) : events;
      const accepted = [...new Set(state._nodes.flatMap((n: AnyStateNode) => n.ownEvents as string[]))];
      return accepted.flatMap((type) => {
        const matching = listed.filter((e) => e.type === type);
        return matching.length ? matching : [{ type }];
      });
    },
    ...(input !== undefined ? { input } : {}),
    ...(stopWhen ? { stopWhen } : {}),
    ...(limit !== undefined ? { limit } : {}),
  });
}

const isInit = (e: EventObject) => e.type === 'xstate.init';

/** How snapshots are told apart: the whole snapshot, but for the context fields the options leave out. */
function snapshotKey(options: Pick<CoverOptions, 'ignoreContext'>) {
  const ignored = options.ignoreContext ?? [];
  if (ignored.length === 0) return (state: AnySnapshot) => serializeSnapshot(state);
  return (state: AnySnapshot) => {
    const context = Object.fromEntries(Object.entries(state.context as object).filter(([key]) => !ignored.includes(key)));
    return serializeSnapshot({ ...state, context } as AnySnapshot);
  };
}

export function coverMachine(machine: AnyStateMachine, options: CoverOptions): CoverResult {
  const { name, input, pathKind = 'shortest' } = options;
  const model = createModel(machine, options);
  const keyOf = snapshotKey(options);
  const generateOptions = { allowDuplicatePaths: options.keepPrefixPaths ?? false };
  const generated = (pathKind === 'simple' ? model.getSimplePaths(generateOptions) : model.getShortestPaths(generateOptions)) as CoverPath[];

  const declaredStates = listStateNodes(machine).map((n) => n.id);
  const declared = listTransitions(machine);
  const reachedStates = new Set<string>();
  const fired = new Set<AnyTransitionDefinition>();
  let sink = fired;
  const noteNodes = (s: AnySnapshot) => {
    for (const n of (s as unknown as { _nodes: AnyStateNode[] })._nodes) reachedStates.add(n.id);
  };
  // The transitions of the step being replayed by record(), for the recorded run.
  let stepTaken: AnyTransitionDefinition[] = [];
  const scope = recordingScope(
    (ts) =>
      ts.forEach((t) => {
        sink.add(t);
        if (sink === fired) stepTaken.push(t);
      }),
    (snap) => {
      if (sink === fired) noteNodes(snap);
    },
  );
  const initial = (): AnySnapshot => machine.getInitialSnapshot(scope, input) as AnySnapshot;

  /** Runs a path on the pure machine, noting the states it enters and the transitions it takes. */
  /** Per path: the transitions each of its steps took, as record() saw them. */
  const takenByPath = new Map<StatePath<AnySnapshot, EventObject>, AnyTransitionDefinition[][]>();
  /** Runs a path on the pure machine, noting the states it enters and the transitions it takes. */
  const record = (path: StatePath<AnySnapshot, EventObject>) => {
    const taken: AnyTransitionDefinition[][] = [];
    stepTaken = [];
    let snap = initial();
    noteNodes(snap);
    for (const step of path.steps) {
      if (!isInit(step.event)) {
        stepTaken = [];
        snap = machine.transition(snap, step.event, scope) as AnySnapshot;
        noteNodes(snap);
      }
      taken.push(stepTaken);
    }
    takenByPath.set(path, taken);
  };
  generated.forEach(record);

  // Complete transition coverage: a shortest path to the edge's source, plus the edge's event.
  const extra: TestPath<AnySnapshot, EventObject>[] = [];
  const undone = () => [...declared.keys()].some((t) => !fired.has(t));
  if (undone()) {
    const toState = new Map<string, StatePath<AnySnapshot, EventObject>>();
    const shortest: StatePath<AnySnapshot, EventObject>[] = pathKind === 'shortest' ? generated : model.getShortestPaths();
    // Every prefix of a path is a path too (generators drop paths that prefix another).
    for (const p of shortest) {
      p.steps.forEach((step, i) => {
        const key = keyOf(step.state);
        const known = toState.get(key);
        if (!known || known.steps.length > i + 1) {
          toState.set(key, { state: step.state, steps: p.steps.slice(0, i + 1), weight: i });
        }
      });
    }
    for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
      const base = toState.get(keyOf(state));
      if (!base) continue;
      const edges = Object.values(transitions) as { event: EventObject; state: AnySnapshot }[];
      for (const { event, state: next } of edges) {
        const local = new Set<AnyTransitionDefinition>();
        sink = local;
        machine.transition(state, event, scope);
        sink = fired;
        if (![...local].some((t) => declared.has(t) && !fired.has(t))) continue;
        const statePath: StatePath<AnySnapshot, EventObject> = {
          state: next,
          steps: [...base.steps, { state: next, event }],
          weight: base.weight + 1,
        };
        const events = statePath.steps.filter((s) => !isInit(s.event)).map((s) => s.event.type);
        record(statePath);
        extra.push({
          ...statePath,
          description: `Takes ${event.type}: ${events.join(' → ')}`,
          test: (params) => model.testPath(statePath as never, params as never),
        });
        takenByPath.set(extra.at(-1)!, takenByPath.get(statePath)!);
      }
    }
  }

  const paths = [...generated, ...extra];
  recordRun(machine, name, paths, (path) => takenByPath.get(path) ?? []);
  return {
    name,
    states: declaredStates.length,
    transitions: declared.size,
    paths,
    unreachedStates: declaredStates.filter((id) => !reachedStates.has(id)).sort(),
    unreachedTransitions: [...declared]
      .filter(([t]) => !fired.has(t))
      .map(([, label]) => label)
      .sort(),
  };
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The path test calling coverMachine, repository-relative: vitest's current test file, else the caller in the stack. */
function callingTestFile(): string {
  const fromVitest = expect.getState().testPath;
  const fromStack = new Error().stack?.match(/(?:file:\/\/)?(\/[^\s():]+\.test\.tsx?)/)?.[1];
  const file = fromVitest ?? fromStack;
  if (!file) throw new Error('Recorded paths: cannot tell which test file runs coverMachine');
  return relative(repoRoot, file).split(sep).join('/');
}

/** How many runs of each machine and name this test file recorded: a test covering per input repeats the name. */
const runsNamed = new Map<string, number>();

/** Records the run for the explorer: each step's event, active states, context and the ids of the transitions it took. */
function recordRun(
  machine: AnyStateMachine,
  name: string,
  paths: readonly CoverPath[],
  takenOf: (path: CoverPath) => readonly (readonly AnyTransitionDefinition[])[],
): void {
  // Only the path tests feed the explorer; coverage's own unit tests cover sample machines nobody explores.
  const testFile = callingTestFile();
  if (!testFile.startsWith('test/paths/')) return;
  const ids = transitionIds(machine);
  const recordable = paths.map((path): RecordableStep[] => {
    const taken = takenOf(path);
    return path.steps.map((step, i) => {
      const nodes = (step.state as unknown as { _nodes: AnyStateNode[] })._nodes;
      return {
        event: step.event,
        active: nodes.filter((n) => n !== machine.root).map((n) => n.id),
        context: step.state.context,
        transitions: (taken[i] ?? []).map((t) => ids.get(t)).filter((id): id is string => id !== undefined),
      };
    });
  });
  // The second run of a name (the next input) is 'name #2', in the order the test covers them.
  const key = `${machine.id}\u0000${name}`;
  const nth = (runsNamed.get(key) ?? 0) + 1;
  runsNamed.set(key, nth);
  saveOrCheckRun({
    recordedDir: resolve(repoRoot, 'test/paths/recorded'),
    machineId: machine.id,
    run: buildPathRun(nth === 1 ? name : `${name} #${nth}`, testFile, recordable),
    record: process.env.G2G_RECORD_PATHS === '1',
  });
}

/** The first generated path through a snapshot matching `predicate`, cut at that snapshot (to replay it alone). */
export function firstPathTo<TSnapshot = AnySnapshot>(result: CoverResult, predicate: (snapshot: TSnapshot) => boolean): CoverPath {
  for (const path of result.paths) {
    const at = path.steps.findIndex((step) => predicate(step.state as TSnapshot));
    if (at < 0) continue;
    const steps = path.steps.slice(0, at + 1);
    return { ...path, steps, state: steps[at]!.state, weight: at, description: `${path.description}, up to step ${at}` };
  }
  throw new Error(`[paths] ${result.name}: no generated path reaches that state`);
}

/** What several runs (e.g. one per input) reach together: a state or transition is unreached only if no run reaches it. */
export function coverTogether(name: string, results: readonly CoverResult[]): CoverResult {
  const [first] = results;
  if (!first) throw new Error('coverTogether needs at least one result');
  const common = (pick: (r: CoverResult) => string[]) => pick(first).filter((x) => results.every((r) => pick(r).includes(x)));
  return {
    name,
    states: first.states,
    transitions: first.transitions,
    paths: results.flatMap((r) => r.paths),
    unreachedStates: common((r) => r.unreachedStates),
    unreachedTransitions: common((r) => r.unreachedTransitions),
  };
}

export function expectFullCoverage(result: CoverResult): void {
  console.log(`[paths] ${result.name}: ${result.states} states, ${result.transitions} transitions, ${result.paths.length} paths`);
  const lines = [
    ...result.unreachedStates.map((s) => `  state #${s}`),
    ...result.unreachedTransitions.map((t) => `  transition ${t}`),
  ];
  if (lines.length) {
    throw new Error(`[paths] ${result.name}: not reached by any generated path:\n${lines.join('\n')}`);
  }
}
