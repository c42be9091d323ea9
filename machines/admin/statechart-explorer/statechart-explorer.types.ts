import type { StatechartDiagram, StatechartIndexEntry } from '../../../src/shared/statechart-diagram.ts';

/** What is selected on the diagram: a state or a transition, by its id. */
export type ExplorerSelection = { kind: 'state' | 'transition'; id: string };

/** The path being replayed: indexes into the diagram's runs, the run's paths and the path's steps. */
export type ExplorerReplay = { run: number; path: number; step: number };

export type ExplorerContext = {
  index: StatechartIndexEntry[] | null;
  /** The machine chosen (or named by the address), whose diagram is loading or shown. */
  machineId: string | null;
  diagram: StatechartDiagram | null;
  selection: ExplorerSelection | null;
  replay: ExplorerReplay | null;
  /** The run and path chosen in the replay form (issue 29: the choice is the chart's); a replay started sets them. */
  pick: { run: number; path: number };
  /** Why the list or a diagram could not be loaded, in words. */
  error: string | null;
};

export type ExplorerInput = {
  /** The machine the address names (/admin/statecharts/<id>), else null. */
  machineId: string | null;
};

export type ExplorerEvent =
  /** Show this machine's diagram. */
  | { type: 'explorer.choose'; machineId: string }
  /** Back to the list of machines. */
  | { type: 'explorer.back' }
  /** Try the failed load again. */
  | { type: 'explorer.retry' }
  /** A state or transition clicked (null: nothing selected). */
  | { type: 'explorer.select'; selection: ExplorerSelection | null }
  /** Replay a path of one of the diagram's runs from its first step (or from `step`, where it reaches a state). */
  | { type: 'explorer.replay.start'; run: number; path: number; step?: number }
  /** A run chosen in the replay form (its first path with it), or a path of the chosen run. */
  | { type: 'explorer.replay.pickRun'; run: number }
  | { type: 'explorer.replay.pickPath'; path: number }
  | { type: 'explorer.replay.next' }
  | { type: 'explorer.replay.previous' }
  | { type: 'explorer.replay.first' }
  | { type: 'explorer.replay.last' }
  | { type: 'explorer.replay.stop' };

export type LoadDiagramInput = { machineId: string };
