/** Named reads of the statechart explorer for its page. */
import type { SnapshotFrom } from 'xstate';
import type { DiagramPathStep, DiagramState, DiagramTransition, StatechartIndexEntry } from '../../../src/shared/statechart-diagram.ts';
import type { statechartExplorerMachine } from './statechart-explorer.machine.ts';

type S = SnapshotFrom<typeof statechartExplorerMachine>;

export type ExplorerPhase = 'loadingList' | 'listFailed' | 'choosing' | 'loadingDiagram' | 'diagramFailed' | 'showing';

export const selectPhase = (s: S): ExplorerPhase =>
  (['loadingList', 'listFailed', 'choosing', 'loadingDiagram', 'diagramFailed', 'showing'] as const).find((p) => s.matches(p)) ?? 'loadingList';
export const selectIndex = (s: S) => s.context.index;
export const selectMachineId = (s: S) => s.context.machineId;
export const selectDiagram = (s: S) => s.context.diagram;
export const selectSelection = (s: S) => s.context.selection;
export const selectError = (s: S) => s.context.error;
export const selectReplay = (s: S) => s.context.replay;
export const selectIsReplaying = (s: S) => s.matches({ showing: 'replaying' });
/** The run and path chosen in the replay form. */
export const selectReplayPick = (s: S) => s.context.pick;

/** The machines grouped by area, the investment's lifecycle first, then the investor's pages, then the back-office's; each group sorted by id. */
export function groupByArea(index: readonly StatechartIndexEntry[]): { area: StatechartIndexEntry['area']; machines: StatechartIndexEntry[] }[] {
  return (['lifecycle', 'investor', 'back-office'] as const)
    .map((area) => ({ area, machines: index.filter((m) => m.area === area).sort((a, b) => a.id.localeCompare(b.id)) }))
    .filter((g) => g.machines.length > 0);
}

/** The replayed step, with its context and how far along the path it is. */
export function selectReplayStep(s: S): { step: DiagramPathStep; context: unknown; number: number; count: number; runName: string; pathNumber: number } | null {
  const { diagram, replay } = s.context;
  if (!diagram || !replay) return null;
  const run = diagram.runs[replay.run];
  const path = run?.paths[replay.path];
  const step = path?.steps[replay.step];
  if (!run || !path || !step) return null;
  return { step, context: run.contexts[step.context], number: replay.step + 1, count: path.steps.length, runName: run.name, pathNumber: replay.path + 1 };
}

export const selectSelectedState = (s: S): DiagramState | null =>
  s.context.selection?.kind === 'state' ? (s.context.diagram?.states.find((st) => st.id === s.context.selection!.id) ?? null) : null;
export const selectSelectedTransition = (s: S): DiagramTransition | null =>
  s.context.selection?.kind === 'transition' ? (s.context.diagram?.transitions.find((t) => t.id === s.context.selection!.id) ?? null) : null;
