/**
 * Small local coverage helper for path tests: which state nodes and which transition definitions of a
 * machine a set of replayed paths reached, compared with all the machine defines.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Stable name of a transition definition: source id, event, and its index among that event's candidates. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const candidates = t.source.transitions.get(t.eventType) ?? t.source.always ?? [];
  return `${t.source.id} --${t.eventType}[${candidates.indexOf(t)}]`;
}

function walk(node: AnyStateNode, visit: (n: AnyStateNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child, visit);
}

export function definedStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  walk(machine.root, (n) => ids.push(n.id));
  return ids;
}

export function definedTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  walk(machine.root, (n) => {
    for (const list of n.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of n.always ?? []) keys.push(transitionKey(t));
  });
  return keys;
}

export function missing(defined: readonly string[], reached: ReadonlySet<string>): string[] {
  return defined.filter((k) => !reached.has(k));
}
