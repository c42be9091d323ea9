/**
 * The statechart explorer's data (issue 16): one JSON document per machine, computed from the machine definition by
 * `npm run statecharts` (src/tools/diagram-model.ts, laid out by ELK in src/tools/diagram-layout.ts), with the test
 * paths the path tests generated (test/paths/coverage.ts). The back-office's explorer, the auditor's journey view and
 * the development build's live inspector all draw from it; nothing is drawn by hand.
 *
 * Coordinates are absolute, in the diagram's own units (CSS pixels at zoom 1), origin top left.
 */

/** A named guard, action or actor with the one-line description the machine gives it (`meta.descriptions`). */
export type DiagramImplementation = {
  /** As the diagrams name it: 'isReady', 'isStartStep(5)', 'not(isOnPage(kyc))', 'assign' for an inline assign. */
  name: string;
  description?: string;
};

export type DiagramBox = { x: number; y: number; width: number; height: number };

export type DiagramStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type DiagramState = DiagramBox & {
  /** XState's state node id ('registration.investor'); the root's is the machine id. */
  id: string;
  /** The last part of the id, as drawn. */
  key: string;
  /** null for the root. */
  parent: string | null;
  type: DiagramStateType;
  /** The initial child's id (compound states). */
  initial: string | null;
  /** Nesting depth: 0 for the root. */
  depth: number;
  description?: string;
  entry: DiagramImplementation[];
  exit: DiagramImplementation[];
  /** Invoked actors: `id` is the invoke's id, `src` the actor's name. */
  invokes: (DiagramImplementation & { id: string })[];
  tags: string[];
};

export type DiagramPoint = [x: number, y: number];

/** A transition's id in the diagrams, the recorded paths and the lifecycle's audit trail: `${source}:${eventType or 'always'}:${index}`. */
export const transitionId = (source: string, eventType: string, index: number) => `${source}:${eventType || 'always'}:${index}`;

export type DiagramTransition = {
  /** Stable id: `${source}:${eventType or 'always'}:${index within that event's list}`. */
  id: string;
  source: string;
  /** Target state ids; empty for a transition without a target (actions only, no state change). */
  targets: string[];
  /** XState's event type ('' for `always`, 'xstate.after.1000.x' for a delay, 'xstate.done.actor.fetch' ...). */
  eventType: string;
  /** As drawn: 'NEXT [isValid]', 'after(1000)', 'done(fetchSettings)', 'always'. */
  label: string;
  guard?: DiagramImplementation;
  actions: DiagramImplementation[];
  /** The delay's name or milliseconds, for `after` transitions. */
  delay?: string;
  /** What the machine says about that delay (`meta.descriptions.delays`). */
  delayDescription?: string;
  description?: string;
  reenter: boolean;
  /** One polyline per target (same order as `targets`), from the source's border to the target's; a self-loop for none. */
  routes: DiagramPoint[][];
  /** Where the label is drawn. */
  labelBox: DiagramBox;
};

/** The arrow from a compound state's initial dot to its initial child. */
export type DiagramInitialArrow = { parent: string; target: string; dot: DiagramPoint; route: DiagramPoint[] };

/** One step of a generated test path: the event sent and the snapshot after it. */
export type DiagramPathStep = {
  /** 'xstate.init' for the first step. */
  eventType: string;
  /** The event as JSON (errors as { name, message }, functions and actor refs as strings), for the replay panel. */
  event: unknown;
  /** Every active state node id after the step, leaf and ancestors (root excluded). */
  active: string[];
  /** Ids of the DiagramTransitions this step took (in the order taken). */
  transitions: string[];
  /** Index into DiagramPathRun.contexts: the snapshot's context as JSON. */
  context: number;
};

export type DiagramPath = { steps: DiagramPathStep[] };

/** The paths of one `coverMachine` call of a path test (a machine may be covered several times, e.g. per input). */
export type DiagramPathRun = {
  /** The coverMachine name, e.g. 'registration (plain)'. */
  name: string;
  /** The path test file that generated it. */
  testFile: string;
  /** How many paths the run generated; `paths` keeps at most DIAGRAM_MAX_PATHS_PER_RUN of them. */
  total: number;
  paths: DiagramPath[];
  /** Distinct contexts, referenced by DiagramPathStep.context. */
  contexts: unknown[];
};

export const DIAGRAM_MAX_PATHS_PER_RUN = 200;

export type StatechartDiagram = {
  /** The machine id. */
  id: string;
  /** Repository-relative file and export that define it. */
  file: string;
  exportName: string;
  /** 'lifecycle' for the investment's own chart (machines/investment), 'investor' for the other machines/<name>, 'back-office' for machines/admin/<name>. */
  area: 'lifecycle' | 'investor' | 'back-office';
  width: number;
  height: number;
  /** Every state node, root first, parents before children. */
  states: DiagramState[];
  transitions: DiagramTransition[];
  initialArrows: DiagramInitialArrow[];
  runs: DiagramPathRun[];
};

/** The explorer's index: one entry per machine, to list them without loading every diagram. */
export type StatechartIndexEntry = {
  id: string;
  file: string;
  area: StatechartDiagram['area'];
  states: number;
  transitions: number;
  paths: number;
};

/**
 * What a machine says about its named implementations, in its root config's `meta.descriptions`: one line per guard,
 * action, actor and delay it names (states and transitions use XState's own `description` field). The explorer shows
 * them when a state or transition is clicked; a unit test checks that every name a machine uses has one.
 */
export type MachineDescriptions = {
  guards?: Record<string, string>;
  actions?: Record<string, string>;
  actors?: Record<string, string>;
  delays?: Record<string, string>;
};
export type MachineMeta = { descriptions?: MachineDescriptions };
