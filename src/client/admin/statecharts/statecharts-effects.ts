/**
 * The explorer's effects: the generated index and diagrams (src/client/explorer/generated/, H3's `npm run statecharts`)
 * are each a lazy chunk of their own, loaded only when asked for, so neither the back-office's first script nor any
 * investor page carries them. The address follows the chosen machine.
 */
import { fromPromise } from 'xstate';
import type { LoadDiagramInput } from '../../../../machines/admin/statechart-explorer/statechart-explorer.types.ts';
import type { StatechartDiagram, StatechartIndexEntry } from '../../../shared/statechart-diagram.ts';

type JsonModule<T> = () => Promise<{ default: T }>;
/** Every generated JSON, by file name: each a function that loads its chunk. */
const GENERATED = import.meta.glob('../../explorer/generated/*.json') as Record<string, JsonModule<unknown>>;

/** Machine ids are XState ids (letters, digits, '-', '_', '.'): anything else in an address names no machine. */
const MACHINE_ID = /^[A-Za-z][A-Za-z0-9_.-]{0,80}$/;

export async function loadStatechartIndex(files: Record<string, JsonModule<unknown>> = GENERATED): Promise<StatechartIndexEntry[]> {
  const load = files['../../explorer/generated/index.json'];
  if (!load) throw new Error('No statechart has been generated yet (npm run statecharts).');
  return (await load()).default as StatechartIndexEntry[];
}

export async function loadStatechartDiagram(machineId: string, files: Record<string, JsonModule<unknown>> = GENERATED): Promise<StatechartDiagram> {
  const load = MACHINE_ID.test(machineId) && machineId !== 'index' ? files[`../../explorer/generated/${machineId}.json`] : undefined;
  if (!load) throw new Error(`There is no statechart called “${machineId.slice(0, 80)}”.`);
  return (await load()).default as StatechartDiagram;
}

/** Where the page's data comes from: the generated files by default, a fixture in tests. */
export type StatechartLoaders = { loadIndex: () => Promise<StatechartIndexEntry[]>; loadDiagram: (machineId: string) => Promise<StatechartDiagram> };

export const GENERATED_LOADERS: StatechartLoaders = { loadIndex: () => loadStatechartIndex(), loadDiagram: (id) => loadStatechartDiagram(id) };

export function statechartsEffects(navigate: (path: string) => void, loaders: StatechartLoaders = GENERATED_LOADERS) {
  return {
    actors: {
      loadIndex: fromPromise<StatechartIndexEntry[], void>(() => loaders.loadIndex()),
      loadDiagram: fromPromise<StatechartDiagram, LoadDiagramInput>(({ input }) => loaders.loadDiagram(input.machineId)),
    },
    actions: {
      showMachineInAddress: (_: unknown, params: { machineId: string | null }) => navigate(params.machineId ? `/statecharts/${encodeURIComponent(params.machineId)}` : '/statecharts'),
    },
  };
}
