/**
 * The back-office's statechart explorer (issue 16): loads the list of machines (and opens on the investment's
 * lifecycle when the address names no machine, issue 27), then the chosen machine's diagram
 * (each a lazy chunk), shows it with a selection (a state or a transition), and replays a generated test path step by
 * step. The address follows the chosen machine (/admin/statecharts/<id>) through `showMachineInAddress`; a deep link
 * is the machine id in the input. Effects (`loadIndex`, `loadDiagram`, `showMachineInAddress`) provided by the page
 * (src/client/admin/statecharts/statecharts-effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MachineMeta, StatechartDiagram, StatechartIndexEntry } from '../../../src/shared/statechart-diagram.ts';
import type { ExplorerContext, ExplorerEvent, ExplorerInput, LoadDiagramInput } from './statechart-explorer.types.ts';

/** The words shown for a failure: the effect's own message (a missing machine, a chunk that did not load). */
const failureWords = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The statechart could not be loaded. Please try again.');

/** The investment's lifecycle chart in the list, if it has one: the explorer opens on it. */
const lifecycleOf = (index: readonly StatechartIndexEntry[]) => index.find((m) => m.area === 'lifecycle')?.id ?? null;

const NO_PICK = { run: 0, path: 0 };

const stepCount = (context: ExplorerContext) => {
  const r = context.replay;
  return r ? (context.diagram?.runs[r.run]?.paths[r.path]?.steps.length ?? 0) : 0;
};

export const statechartExplorerMachine = setup({
  types: {} as { context: ExplorerContext; events: ExplorerEvent; input: ExplorerInput; tags: 'busy' },
  actors: {
    loadIndex: fromPromise<StatechartIndexEntry[], void>(async () => {
      throw new Error('loadIndex is provided by the page');
    }),
    loadDiagram: fromPromise<StatechartDiagram, LoadDiagramInput>(async () => {
      throw new Error('loadDiagram is provided by the page');
    }),
  },
  actions: {
    showMachineInAddress: (_, _params: { machineId: string | null }) => {
      throw new Error('showMachineInAddress is provided by the page');
    },
    keepIndex: assign((_, params: { index: StatechartIndexEntry[] }) => ({ index: params.index, error: null })),
    chooseMachine: assign((_, params: { machineId: string }) => ({ machineId: params.machineId, diagram: null, selection: null, replay: null, pick: NO_PICK, error: null })),
    forgetMachine: assign({ machineId: null, diagram: null, selection: null, replay: null, pick: NO_PICK, error: null }),
    keepDiagram: assign((_, params: { diagram: StatechartDiagram }) => ({ diagram: params.diagram, error: null })),
    noteFailed: assign((_, params: { error: unknown }) => ({ error: failureWords(params.error) })),
    keepSelection: assign((_, params: { selection: ExplorerContext['selection'] }) => ({ selection: params.selection })),
    startReplay: assign((_, params: { run: number; path: number; step?: number }) => ({ replay: { run: params.run, path: params.path, step: params.step ?? 0 }, pick: { run: params.run, path: params.path } })),
    pickRun: assign((_, params: { run: number }) => ({ pick: { run: params.run, path: 0 } })),
    pickPath: assign(({ context }, params: { path: number }) => ({ pick: { run: context.pick.run, path: params.path } })),
    moveReplay: assign(({ context }, params: { to: 'next' | 'previous' | 'first' | 'last' }) => {
      const r = context.replay!;
      const last = stepCount(context) - 1;
      const step = { next: r.step + 1, previous: r.step - 1, first: 0, last }[params.to];
      return { replay: { ...r, step } };
    }),
    stopReplay: assign({ replay: null }),
  },
  guards: {
    hasRequestedMachine: ({ context }) => context.machineId !== null,
    hasIndex: ({ context }) => context.index !== null,
    listsTheLifecycle: (_, params: { index: StatechartIndexEntry[] }) => lifecycleOf(params.index) !== null,
    isKnownRun: ({ context }, params: { run: number }) => Number.isInteger(params.run) && (context.diagram?.runs[params.run]?.paths.length ?? 0) > 0,
    isKnownPickPath: ({ context }, params: { path: number }) => Number.isInteger(params.path) && context.diagram?.runs[context.pick.run]?.paths[params.path] !== undefined,
    isKnownPath: ({ context }, params: { run: number; path: number; step?: number }) => {
      const steps = context.diagram?.runs[params.run]?.paths[params.path]?.steps.length ?? 0;
      const step = params.step ?? 0;
      return Number.isInteger(step) && step >= 0 && step < steps;
    },
    hasNextStep: ({ context }) => context.replay !== null && context.replay.step < stepCount(context) - 1,
    hasPreviousStep: ({ context }) => context.replay !== null && context.replay.step > 0,
  },
}).createMachine({
  id: 'statechartExplorer',
  description: "The back-office's statechart explorer: every machine's diagram, its states' and transitions' descriptions, and a replay of its test paths.",
  meta: {
    descriptions: {
      actors: {
        loadIndex: 'Loads the list of machines (the generated index.json).',
        loadDiagram: "Loads one machine's diagram JSON (a lazy chunk of its own).",
      },
      actions: {
        showMachineInAddress: 'Puts the chosen machine in the address bar (/admin/statecharts/<id>), or takes it out.',
        keepIndex: 'Keeps the list of machines.',
        chooseMachine: 'Remembers the machine chosen and forgets the previous diagram, selection and replay.',
        forgetMachine: 'Forgets the machine, its diagram, selection and replay.',
        keepDiagram: 'Keeps the loaded diagram.',
        noteFailed: 'Keeps the words of a failed load.',
        keepSelection: 'Keeps the state or transition clicked (or none).',
        startReplay: 'Starts replaying the chosen path at its first step (or at the step asked for); the replay form shows that path.',
        pickRun: 'Takes the run chosen in the replay form, with its first path.',
        pickPath: 'Takes the path chosen in the replay form.',
        moveReplay: 'Moves the replay one step forward or back, or to the first or last step.',
        stopReplay: 'Ends the replay.',
      },
      guards: {
        hasRequestedMachine: 'The address named a machine (a deep link).',
        hasIndex: 'The list of machines is loaded (a machine can be chosen from it).',
        listsTheLifecycle: "The list has the investment's lifecycle chart: without a machine named in the address, the explorer opens on it.",
        isKnownPath: "The run, path and step exist in the diagram's recorded paths.",
        isKnownRun: 'The diagram has that run, with a path to replay.',
        isKnownPickPath: 'The chosen run has that path.',
        hasNextStep: 'The replay is not at its last step.',
        hasPreviousStep: 'The replay is not at its first step.',
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ index: null, machineId: input.machineId, diagram: null, selection: null, replay: null, pick: NO_PICK, error: null }),
  initial: 'loadingList',
  states: {
    loadingList: {
      description: 'Loading the list of machines.',
      tags: ['busy'],
      invoke: {
        id: 'loadIndex',
        src: 'loadIndex',
        onDone: [
          { guard: 'hasRequestedMachine', target: 'loadingDiagram', actions: { type: 'keepIndex', params: ({ event }) => ({ index: event.output }) } },
          {
            guard: { type: 'listsTheLifecycle', params: ({ event }) => ({ index: event.output }) },
            target: 'loadingDiagram',
            actions: [
              { type: 'keepIndex', params: ({ event }) => ({ index: event.output }) },
              { type: 'chooseMachine', params: ({ event }) => ({ machineId: lifecycleOf(event.output)! }) },
              { type: 'showMachineInAddress', params: ({ event }) => ({ machineId: lifecycleOf(event.output)! }) },
            ],
          },
          { target: 'choosing', actions: { type: 'keepIndex', params: ({ event }) => ({ index: event.output }) } },
        ],
        onError: { target: 'listFailed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    listFailed: {
      description: 'The list could not be loaded: its words and a retry.',
      on: { 'explorer.retry': 'loadingList' },
    },
    choosing: {
      description: 'The list of machines, grouped by area: the auditor picks one.',
      // explorer.choose is handled at the root (the same from every state once the list is there).
    },
    loadingDiagram: {
      description: "Loading the chosen machine's diagram.",
      tags: ['busy'],
      invoke: {
        id: 'loadDiagram',
        src: 'loadDiagram',
        input: ({ context }) => ({ machineId: context.machineId! }),
        onDone: { target: 'showing', actions: { type: 'keepDiagram', params: ({ event }) => ({ diagram: event.output }) } },
        onError: { target: 'diagramFailed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    diagramFailed: {
      description: 'The diagram could not be loaded (or no machine has that id): its words, a retry and the list.',
      on: { 'explorer.retry': 'loadingDiagram' },
    },
    showing: {
      description: "One machine's diagram, with the selected state or transition and its details.",
      initial: 'browsing',
      on: {
        'explorer.select': { actions: { type: 'keepSelection', params: ({ event }) => ({ selection: event.selection }) } },
        'explorer.replay.pickRun': { guard: { type: 'isKnownRun', params: ({ event }) => ({ run: event.run }) }, actions: { type: 'pickRun', params: ({ event }) => ({ run: event.run }) } },
        'explorer.replay.pickPath': { guard: { type: 'isKnownPickPath', params: ({ event }) => ({ path: event.path }) }, actions: { type: 'pickPath', params: ({ event }) => ({ path: event.path }) } },
        'explorer.replay.start': {
          guard: { type: 'isKnownPath', params: ({ event }) => ({ run: event.run, path: event.path, step: event.step }) },
          target: '.replaying',
          actions: { type: 'startReplay', params: ({ event }) => ({ run: event.run, path: event.path, step: event.step }) },
        },
      },
      states: {
        browsing: { description: 'No replay: the diagram as it is, with the selection.' },
        replaying: {
          description: "A test path replayed: the step's active states and transitions highlighted, its event and context shown.",
          on: {
            'explorer.replay.next': { guard: 'hasNextStep', actions: { type: 'moveReplay', params: { to: 'next' } } },
            'explorer.replay.previous': { guard: 'hasPreviousStep', actions: { type: 'moveReplay', params: { to: 'previous' } } },
            'explorer.replay.first': { actions: { type: 'moveReplay', params: { to: 'first' } } },
            'explorer.replay.last': { actions: { type: 'moveReplay', params: { to: 'last' } } },
            'explorer.replay.stop': { target: 'browsing', actions: 'stopReplay' },
          },
        },
      },
    },
  },
  // From the list, a diagram (or its failure) or while one loads: a machine, or back to the list.
  on: {
    'explorer.choose': {
      guard: 'hasIndex',
      target: '.loadingDiagram',
      actions: [
        { type: 'chooseMachine', params: ({ event }) => ({ machineId: event.machineId }) },
        { type: 'showMachineInAddress', params: ({ event }) => ({ machineId: event.machineId }) },
      ],
    },
    'explorer.back': {
      guard: 'hasIndex',
      target: '.choosing',
      actions: ['forgetMachine', { type: 'showMachineInAddress', params: { machineId: null } }],
    },
  },
});
