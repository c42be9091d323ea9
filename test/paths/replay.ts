/**
 * Replays generated paths (coverage.ts) on real actors, the one way every path test does it. For each path: fresh
 * fakes and the machine provided with them (effects that never answer by themselves: the path's own events are their
 * answers), an actor started, each step's event delivered in turn. After the start and after every step the actor
 * must be in the state the model says (and, with `compareContext`, hold the same context), then the test's own
 * checks run. Charts that talk to a parent run under a stand-in parent that records what they send it.
 */
import { expect } from 'vitest';
import {
  createActor,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { CoverPath } from './coverage.ts';

export interface ReplayRun<TMachine extends AnyStateMachine, TFakes> {
  path: CoverPath;
  /** The chart's actor (under `parent`, the parent's child). */
  actor: ActorRefFrom<TMachine>;
  /** What `setup` made for this path (recorders, fake effects). */
  fakes: TFakes;
  /** What the chart sent its stand-in parent, in order (with `parent`). */
  sentToParent: AnyEventObject[];
}

export interface ReplayedStep<TMachine extends AnyStateMachine, TFakes> extends ReplayRun<TMachine, TFakes> {
  snapshot: SnapshotFrom<TMachine>;
  /** The step's event: 'xstate.init' for the snapshot the actor starts in. */
  event: AnyEventObject;
  /** This step finished the chart (later events reach a finished actor and change nothing). */
  finishing: boolean;
}

export interface ReplayedPath<TMachine extends AnyStateMachine, TFakes> extends ReplayRun<TMachine, TFakes> {
  /** The chart's last snapshot before it was stopped. */
  snapshot: SnapshotFrom<TMachine>;
  /** The chart's output: as the parent received it (with `parent`), else the snapshot's. */
  output: unknown;
}

export interface ReplayOptions<TMachine extends AnyStateMachine, TFakes> {
  /** Per path: the machine to run, provided with fresh fakes, and those fakes for the checks. */
  setup: (path: CoverPath) => { machine: TMachine; fakes?: TFakes };
  input?: InputFrom<TMachine>;
  /** Run the chart invoked by a stand-in parent that records the events it is sent (charts that sendParent). */
  parent?: boolean;
  /** Compare the whole context with the model's too, not only the state value. */
  compareContext?: boolean;
  /** Context fields the comparison leaves out: those the paths were generated without telling apart (coverage's ignoreContext). */
  ignoreContext?: readonly string[];
  /**
   * Delivers a step's event some other way than sending it to the chart (settle a fake effect, move fake time) and
   * answers true; false sends it. Return a promise only when the delivery must be waited for: waiting lets the
   * fakes' own promises settle, which a path that has not reached their answer yet must not see.
   */
  deliver?: (event: AnyEventObject, run: ReplayRun<TMachine, TFakes>) => boolean | Promise<boolean>;
  /** After the start and after every step. */
  checkStep?: (step: ReplayedStep<TMachine, TFakes>) => void;
  /** After the last step, while the chart still runs. */
  beforeStop?: (run: ReplayRun<TMachine, TFakes>) => void;
}

/** Replays every path (one after another) and answers how each ended, for checks over whole paths. */
export async function replayPaths<TMachine extends AnyStateMachine, TFakes = undefined>(
  paths: readonly CoverPath[],
  options: ReplayOptions<TMachine, TFakes>,
): Promise<ReplayedPath<TMachine, TFakes>[]> {
  const ended: ReplayedPath<TMachine, TFakes>[] = [];
  for (const path of paths) ended.push(await replayPath(path, options));
  return ended;
}

async function replayPath<TMachine extends AnyStateMachine, TFakes>(
  path: CoverPath,
  options: ReplayOptions<TMachine, TFakes>,
): Promise<ReplayedPath<TMachine, TFakes>> {
  const { machine, fakes } = options.setup(path);
  const sentToParent: AnyEventObject[] = [];
  const started = options.parent ? startUnderParent(machine, options.input, sentToParent) : startAlone(machine, options.input);
  const { actor } = started;
  // Typed for the test's hooks; ActorRefFrom of a generic machine is a type TypeScript cannot look into here.
  const run: ReplayRun<TMachine, TFakes> = { path, actor: actor as ActorRefFrom<TMachine>, fakes: fakes as TFakes, sentToParent };
  const typed = (snapshot: AnyMachineSnapshot) => snapshot as SnapshotFrom<TMachine>;
  try {
    for (const step of path.steps) {
      const wasDone = actor.getSnapshot().status === 'done';
      if (step.event.type !== 'xstate.init') {
        const delivered = options.deliver?.(step.event, run) ?? false;
        if (!(delivered instanceof Promise ? await delivered : delivered)) actor.send(step.event);
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `after ${step.event.type}`).toEqual(step.state.value);
      if (options.compareContext) {
        const comparable = (context: object) => Object.fromEntries(Object.entries(context).filter(([key]) => !options.ignoreContext?.includes(key)));
        expect(comparable(snapshot.context), `after ${step.event.type}`).toEqual(comparable(step.state.context));
      }
      options.checkStep?.({ ...run, snapshot: typed(snapshot), event: step.event, finishing: !wasDone && snapshot.status === 'done' });
    }
    options.beforeStop?.(run);
    const snapshot = actor.getSnapshot();
    return { ...run, snapshot: typed(snapshot), output: options.parent ? started.parentReceivedOutput() : snapshot.output };
  } finally {
    started.stop();
  }
}

type Started = { actor: ActorRef<AnyMachineSnapshot, AnyEventObject>; stop: () => void; parentReceivedOutput: () => unknown };

function startAlone(machine: AnyStateMachine, input: unknown): Started {
  const actor = createActor(machine, input === undefined ? {} : { input }).start();
  return { actor, stop: () => actor.stop(), parentReceivedOutput: () => undefined };
}

/** The chart invoked as 'chart' by a parent that keeps its output and every event it sends up (xstate's own aside). */
function startUnderParent(machine: AnyStateMachine, input: unknown, sentToParent: AnyEventObject[]): Started {
  let output: unknown;
  const parent = setup({ actors: { chart: machine } }).createMachine({
    invoke: { id: 'chart', src: 'chart', input, onDone: { actions: ({ event }) => void (output = event.output) } },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || sentToParent.push(event)) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.chart as Started['actor'];
  return { actor, stop: () => root.stop(), parentReceivedOutput: () => output };
}
