/**
 * The signature pad under one legal agreement (spec sections 2 "Agreements page", 4 "Agreements", 9 "Signature
 * canvas 500x120, PNG"). The investor draws (strokes of points with pressure, undo and clear) or types their name
 * instead; each finished change is made into a PNG by the provided effect (`renderSignaturePng`), at once for a
 * stroke and once typing pauses for a name. The per-agreement chart that owns the pad hears
 * `agreement.signature.ready` {png} when a signature appears and `agreement.signature.clear` when it goes (any change
 * after it was ready), so its signature is always the pad's PNG. A signed agreement's pad is locked: it shows the
 * stored PNG and takes no input.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import { TYPED_NAME_SETTLE_MS, clampPoint, cleanTypedName, isNameGiven, nameToWrite } from './signature-pad.rules.ts';
import type {
  RenderSignaturePngInput,
  SignaturePadContext,
  SignaturePadEvent,
  SignaturePadInput,
  SignaturePadParentEvent,
  SignaturePadTag,
  SignaturePoint,
  SignatureSource,
} from './signature-pad.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

const START = 'signaturePad.stroke.start';

const pngOf = ({ event }: { event: { output: string } }) => ({ png: event.output });

/**
 * Making the PNG, the same in both modes but for what it is made of: the answer is kept and reported (ready), or the
 * pad waits with the error (`failed`: drawn, typed).
 */
const exporting = (source: (args: { context: SignaturePadContext }) => SignatureSource, failed: 'drawn' | 'typed') => ({
  tags: ['exporting' as const],
  invoke: {
    id: 'renderSignaturePng',
    src: 'renderSignaturePng' as const,
    input: (args: { context: SignaturePadContext }): RenderSignaturePngInput => ({ source: source(args) }),
    onDone: { target: 'ready', actions: [{ type: 'keepPng' as const, params: pngOf }, { type: 'reportReady' as const, params: pngOf }] },
    onError: { target: failed, actions: 'noteExportFailed' as const },
  },
});

export const signaturePadMachine = setup({
  types: {} as { context: SignaturePadContext; events: SignaturePadEvent; input: SignaturePadInput; tags: SignaturePadTag },
  actors: {
    /** The PNG (a data URL) of the strokes or the typed name. */
    renderSignaturePng: fromPromise<string, RenderSignaturePngInput>(async () => {
      throw new Error('renderSignaturePng is provided by the app');
    }),
  },
  guards: {
    hasStoredSignature: ({ context }) => context.storedSignature !== null,
    hasStrokes: ({ context }) => context.strokes.length > 0,
    hasTypedName: ({ context }) => isNameGiven(context.typedName),
    isNameGiven: (_, params: { name: string }) => isNameGiven(params.name),
  },
  actions: {
    startStroke: assign((_, params: { point: SignaturePoint }) => ({ current: [clampPoint(params.point)] })),
    extendStroke: assign(({ context }, params: { points: readonly SignaturePoint[] }) => ({
      current: [...(context.current ?? []), ...params.points.map(clampPoint)],
    })),
    finishStroke: assign(({ context }) => ({ strokes: [...context.strokes, context.current ?? []], current: null })),
    dropStroke: assign({ current: null }),
    removeLastStroke: assign(({ context }) => ({ strokes: context.strokes.slice(0, -1) })),
    clearDrawing: assign({ strokes: [], current: null }),
    changeName: assign((_, params: { name: string }) => ({ typedName: cleanTypedName(params.name) })),
    clearName: assign({ typedName: '' }),
    keepPng: assign((_, params: { png: string }) => ({ png: params.png })),
    forgetPng: assign({ png: null }),
    noteExportFailed: assign({ error: messages.signaturePad.exportFailed }),
    forgetError: assign({ error: null }),
    lock: assign((_, params: { signature: string }) => ({ storedSignature: params.signature, strokes: [], current: null, typedName: '' })),
    reportReady: sendParent((_, params: { png: string }): SignaturePadParentEvent => ({ type: 'agreement.signature.ready', png: params.png })),
    reportCleared: sendParent({ type: 'agreement.signature.clear' } satisfies SignaturePadParentEvent),
  },
  delays: { TYPED_NAME_SETTLE: TYPED_NAME_SETTLE_MS },
}).createMachine({
  id: 'signaturePad',
  description: 'The signature pad under one legal agreement: the investor draws or types a signature, which is made into a PNG; locked once signed.',
  meta: {
    descriptions: {
      guards: {
        hasStoredSignature: 'The agreement is signed: the pad shows its stored signature.',
        hasStrokes: 'Something is drawn on the pad.',
        hasTypedName: 'A name is typed.',
        isNameGiven: 'The name typed is not blank.',
      },
      actions: {
        startStroke: 'Starts a stroke where the pen touched the pad.',
        extendStroke: 'Adds the points the pen moved through to the stroke.',
        finishStroke: 'Pen up: the stroke is added to the drawing.',
        dropStroke: 'Drops the stroke being drawn.',
        removeLastStroke: 'Undo: removes the last stroke.',
        clearDrawing: 'Clears the drawing.',
        changeName: 'Takes the name typed.',
        clearName: 'Clears the name typed.',
        keepPng: 'Keeps the signature PNG made.',
        forgetPng: 'Forgets the signature PNG: the signature changed.',
        noteExportFailed: "Says, in the spec's words, that the signature could not be made into an image.",
        forgetError: 'Clears the error shown.',
        lock: 'Locks the pad on the stored signature of the signed agreement.',
        reportReady: 'Tells the agreement there is a signature (its PNG).',
        reportCleared: 'Tells the agreement its signature is gone.',
      },
      actors: {
        renderSignaturePng: 'Makes the 500x120 PNG of the strokes or of the typed name.',
      },
      delays: {
        TYPED_NAME_SETTLE: "How long typing must pause before the name's PNG is made (TYPED_NAME_SETTLE_MS).",
      },
    },
  } satisfies MachineMeta,
  context: ({ input }) => ({ strokes: [], current: null, typedName: '', png: null, storedSignature: input.storedSignature ?? null, error: null }),
  initial: 'draw',
  states: {
    draw: {
      description: 'The investor draws the signature with the pen, mouse or finger.',
      initial: 'resume',
      on: {
        [START]: { target: '.drawing', actions: { type: 'startStroke', params: ({ event }) => event } },
        'signaturePad.undo': { guard: 'hasStrokes', target: '.resume', actions: 'removeLastStroke' },
        'signaturePad.clear': { target: '.empty', actions: 'clearDrawing' },
        'signaturePad.useTyping': { target: 'type', actions: 'dropStroke' },
        'signaturePad.lock': { target: 'locked', actions: { type: 'lock', params: ({ event }) => event } },
      },
      states: {
        /**
         * Opening the pad, coming back to drawing, or after the strokes changed: a signed agreement's pad locks (only
         * at the start: a stored signature exists only once locked), else a PNG of what is drawn, if anything is.
         * (Deciding here rather than in a transient root state of its own: path coverage sees a transient state only
         * when a transition enters it, never as the initial one.)
         */
        resume: {
          description: 'Opening the pad, coming back to drawing, or after the strokes changed: locked if signed, else a PNG of what is drawn, if anything.',
          always: [{ guard: 'hasStoredSignature', target: '#signaturePad.locked' }, { guard: 'hasStrokes', target: 'exporting' }, { target: 'empty' }],
        },
        empty: { description: 'Nothing is drawn.' },
        /** Pen down. A second pointer and Undo wait for pen up. */
        drawing: {
          description: 'Pen down: a stroke is being drawn; a second pointer and Undo wait for pen up.',
          on: {
            [START]: {},
            'signaturePad.undo': {},
            'signaturePad.stroke.extend': { actions: { type: 'extendStroke', params: ({ event }) => event } },
            'signaturePad.stroke.end': { target: 'exporting', actions: 'finishStroke' },
            'signaturePad.stroke.cancel': { target: 'resume', actions: 'dropStroke' },
          },
        },
        /** Strokes without a PNG: the export failed; another stroke, Undo or a retry makes one. */
        drawn: {
          description: 'Strokes without a PNG: the export failed; another stroke, Undo or a retry makes one.',
          exit: 'forgetError',
          on: { 'signaturePad.export': 'exporting' },
        },
        exporting: { description: 'Making the PNG of the strokes.', ...exporting(({ context }) => ({ kind: 'strokes', strokes: context.strokes }), 'drawn') },
        ready: {
          description: 'The drawn signature is ready: the agreement has its PNG.',
          exit: 'forgetPng',
          on: {
            [START]: { target: 'drawing', actions: [{ type: 'startStroke', params: ({ event }) => event }, 'reportCleared'] },
            'signaturePad.undo': { target: 'resume', actions: ['removeLastStroke', 'reportCleared'] },
            'signaturePad.clear': { target: 'empty', actions: ['clearDrawing', 'reportCleared'] },
            'signaturePad.useTyping': { target: '#signaturePad.type', actions: 'reportCleared' },
          },
        },
      },
    },
    type: {
      description: 'The investor types their name instead of drawing.',
      initial: 'resume',
      on: {
        'signaturePad.name.change': [
          { guard: { type: 'isNameGiven', params: ({ event }) => event }, target: '.typing', actions: { type: 'changeName', params: ({ event }) => event } },
          { target: '.empty', actions: { type: 'changeName', params: ({ event }) => event } },
        ],
        'signaturePad.clear': { target: '.empty', actions: 'clearName' },
        'signaturePad.useDrawing': 'draw',
        'signaturePad.lock': { target: 'locked', actions: { type: 'lock', params: ({ event }) => event } },
      },
      states: {
        resume: {
          description: 'Coming to typing: a PNG of the name typed, if any.',
          always: [{ guard: 'hasTypedName', target: 'exporting' }, { target: 'empty' }],
        },
        empty: { description: 'No name is typed.' },
        /** A name is being typed: its PNG is made once typing pauses (or on Enter). */
        typing: {
          description: 'A name is being typed: its PNG is made once typing pauses (or on Enter).',
          after: { TYPED_NAME_SETTLE: 'exporting' },
          on: { 'signaturePad.export': 'exporting' },
        },
        /** A name without a PNG: the export failed; a change or a retry makes one. */
        typed: {
          description: 'A name without a PNG: the export failed; a change or a retry makes one.',
          exit: 'forgetError',
          on: { 'signaturePad.export': 'exporting' },
        },
        exporting: { description: 'Making the PNG of the typed name.', ...exporting(({ context }) => ({ kind: 'name', name: nameToWrite(context.typedName) }), 'typed') },
        ready: {
          description: 'The typed signature is ready: the agreement has its PNG.',
          exit: 'forgetPng',
          on: {
            'signaturePad.name.change': [
              {
                guard: { type: 'isNameGiven', params: ({ event }) => event },
                target: 'typing',
                actions: [{ type: 'changeName', params: ({ event }) => event }, 'reportCleared'],
              },
              { target: 'empty', actions: [{ type: 'changeName', params: ({ event }) => event }, 'reportCleared'] },
            ],
            'signaturePad.clear': { target: 'empty', actions: ['clearName', 'reportCleared'] },
            'signaturePad.useDrawing': { target: '#signaturePad.draw', actions: 'reportCleared' },
          },
        },
      },
    },
    /** A signed agreement: its stored PNG, and no input of any kind. */
    locked: {
      description: 'A signed agreement: its stored PNG, and no input of any kind.',
      tags: ['locked'],
    },
  },
});

/** A running signature pad, as views and parent charts hold it. */
export type SignaturePadActorRef = ActorRefFrom<typeof signaturePadMachine>;
