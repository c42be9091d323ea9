/**
 * A machine definition read as the explorer's diagram model (src/shared/statechart-diagram.ts) without coordinates:
 * every state node and every declared transition, named the way the Mermaid docs name them, with what the machine
 * says about each (XState's `description` fields and the root's `meta.descriptions`). diagram-layout.ts adds the
 * coordinates; statecharts.ts writes the result.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  transitionId,
  type DiagramImplementation,
  type DiagramState,
  type DiagramStateType,
  type DiagramTransition,
  type MachineDescriptions,
  type MachineMeta,
  type StatechartDiagram,
} from '../shared/statechart-diagram.ts';
import { delayName, eventLabel, guardName } from './statechart-labels.ts';

export type ModelState = Omit<DiagramState, 'x' | 'y' | 'width' | 'height'>;
export type ModelTransition = Omit<DiagramTransition, 'routes' | 'labelBox'>;
export type DiagramModel = Pick<StatechartDiagram, 'id' | 'file' | 'exportName' | 'area'> & {
  states: ModelState[];
  transitions: ModelTransition[];
};

/** Every state node, root first, parents before children (history nodes included). */
export function modelStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}


/** Every declared transition of a node with its id: `on`, `after`, invoke onDone/onError (all in `transitions`), then `always`. */
export function nodeTransitions(node: AnyStateNode): { id: string; t: AnyTransitionDefinition }[] {
  const out: { id: string; t: AnyTransitionDefinition }[] = [];
  for (const [eventType, list] of node.transitions) list.forEach((t, i) => out.push({ id: transitionId(node.id, eventType, i), t }));
  (node.always ?? []).forEach((t, i) => out.push({ id: transitionId(node.id, '', i), t }));
  return out;
}

/** Transition definition -> id, over the whole machine (the path recorder maps the transitions a step took). */
export function transitionIds(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const ids = new Map<AnyTransitionDefinition, string>();
  for (const node of modelStateNodes(machine)) for (const { id, t } of nodeTransitions(node)) ids.set(t, id);
  return ids;
}

type BuiltIn = ((...args: never[]) => unknown) & { type: string; [key: string]: unknown };

const isBuiltIn = (action: unknown): action is BuiltIn =>
  typeof action === 'function' && typeof (action as { type?: unknown }).type === 'string' && (action as BuiltIn).type.startsWith('xstate.');

/** A static event's type (`raise({ type: 'X' })` -> 'X'); an event computed from context says nothing here. */
const staticEventType = (event: unknown): string | undefined =>
  typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string'
    ? (event as { type: string }).type
    : undefined;

const withArg = (name: string, arg: unknown) => (typeof arg === 'string' && arg ? `${name}(${arg})` : name);

/** How a built-in action reads: 'assign', 'raise(NEXT)', 'sendParent(done)', 'spawnChild(timer)', 'stopChild(timer)'. */
function builtInName(action: BuiltIn): string {
  const kind = action.type.slice('xstate.'.length);
  switch (kind) {
    case 'raise':
    case 'emit':
      return withArg(kind, staticEventType(action.event));
    case 'sendTo': {
      const event = staticEventType(action.event);
      if (action.to === '#_parent') return withArg('sendParent', event);
      const to = typeof action.to === 'string' ? action.to : undefined;
      return to ? `sendTo(${[to, event].filter(Boolean).join(', ')})` : withArg('sendTo', event);
    }
    case 'spawnChild':
      return withArg(kind, typeof action.src === 'string' ? action.src : action.id);
    case 'stopChild':
      return withArg(kind, action.actorRef);
    case 'cancel':
      return withArg(kind, action.sendId);
    default:
      return kind;
  }
}

/** The raise/cancel pair XState adds to a state's entry/exit for its `after` transitions: drawn as the transitions. */
function isAfterTimer(action: unknown): boolean {
  if (!isBuiltIn(action)) return false;
  if (action.type === 'xstate.raise') return staticEventType(action.event)?.startsWith('xstate.after.') ?? false;
  return action.type === 'xstate.cancel' && typeof action.sendId === 'string' && action.sendId.startsWith('xstate.after.');
}

/** The name a guard or action is looked up by in `meta.descriptions`: 'isStartStep' for 'isStartStep(5)'. */
const baseName = (name: string) => name.replace(/\(.*$/, '');

function actionOf(action: unknown, descriptions: MachineDescriptions): DiagramImplementation {
  let name: string;
  if (typeof action === 'string') name = action;
  else if (isBuiltIn(action)) name = builtInName(action);
  else if (typeof action === 'object' && action !== null && 'type' in action) name = guardName(action) ?? 'inline';
  else name = 'inline';
  const description = descriptions.actions?.[baseName(name)];
  return description ? { name, description } : { name };
}

function guardOf(guard: unknown, descriptions: MachineDescriptions): DiagramImplementation | undefined {
  const name = guardName(guard);
  if (!name) return undefined;
  const own = descriptions.guards?.[name] ?? descriptions.guards?.[baseName(name)];
  if (own) return { name, description: own };
  // not()/and()/or(): the descriptions of the guards they combine.
  const inner = Array.isArray((guard as { guards?: unknown }).guards) ? ((guard as { guards: unknown[] }).guards) : [];
  const parts = inner.map((g) => guardOf(g, descriptions)?.description).filter((d): d is string => Boolean(d));
  return parts.length ? { name, description: `${baseName(name)}: ${parts.join('; ')}` } : { name };
}

function delayOf(delay: string, descriptions: MachineDescriptions): Pick<ModelTransition, 'delay' | 'delayDescription'> {
  const description = descriptions.delays?.[delay];
  return description ? { delay, delayDescription: description } : { delay };
}

function stateType(node: AnyStateNode): DiagramStateType {
  if (node.type === 'history' || node.type === 'final' || node.type === 'parallel') return node.type;
  return Object.keys(node.states).length ? 'compound' : 'atomic';
}

function depthOf(node: AnyStateNode): number {
  let depth = 0;
  for (let n = node.parent; n; n = n.parent) depth++;
  return depth;
}

export function machineDescriptions(machine: AnyStateMachine): MachineDescriptions {
  return ((machine.root.meta ?? machine.config.meta ?? {}) as MachineMeta).descriptions ?? {};
}

export function buildDiagramModel(entry: { machine: AnyStateMachine; file: string; exportName: string }): DiagramModel {
  const { machine, file, exportName } = entry;
  const descriptions = machineDescriptions(machine);
  const nodes = modelStateNodes(machine);
  const actions = (list: readonly unknown[] | undefined) => (list ?? []).filter((a) => !isAfterTimer(a)).map((a) => actionOf(a, descriptions));

  const states: ModelState[] = nodes.map((node) => {
    const type = stateType(node);
    const invokes = node.invoke.map((inv) => {
      const src = typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : 'inline';
      const description = descriptions.actors?.[src];
      return { id: inv.id, name: src, ...(description ? { description } : {}) };
    });
    return {
      id: node.id,
      key: node.parent ? node.key : machine.id,
      parent: node.parent?.id ?? null,
      type,
      initial: type === 'compound' ? (node.initial?.target[0]?.id ?? null) : null,
      depth: depthOf(node),
      ...(node.description ? { description: node.description } : {}),
      entry: actions(node.entry),
      exit: actions(node.exit),
      invokes,
      tags: [...node.tags].sort(),
    };
  });

  const transitions: ModelTransition[] = nodes.flatMap((node) =>
    nodeTransitions(node).map(({ id, t }) => {
      const guard = guardOf(t.guard, descriptions);
      const isDelayed = t.eventType.startsWith('xstate.after.');
      const description = (t as { description?: string }).description;
      return {
        id,
        source: node.id,
        targets: (t.target ?? []).map((s) => s.id),
        eventType: t.eventType,
        label: eventLabel(t),
        ...(guard ? { guard } : {}),
        actions: actions(t.actions),
        ...(isDelayed ? delayOf(delayName(t), descriptions) : {}),
        ...(description ? { description } : {}),
        reenter: Boolean(t.reenter),
      };
    }),
  );

  const area = file.startsWith('machines/admin/') ? 'back-office' : file.startsWith('machines/investment/') ? 'lifecycle' : 'investor';
  return { id: machine.id, file, exportName, area, states, transitions };
}
