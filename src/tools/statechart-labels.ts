/**
 * How a transition's guard reads, in one place for the two readers of a machine definition: the diagrams
 * (src/tools/statecharts.ts) and the path coverage report (test/paths/coverage.ts), so a guard has the same name
 * in a diagram as in a failing test.
 */

type ComposedGuard = ((...args: never[]) => unknown) & { guards: unknown[] };

const isComposed = (guard: unknown): guard is ComposedGuard =>
  typeof guard === 'function' && Array.isArray((guard as { guards?: unknown }).guards);

/** Static params in the order written (`{ step: 5 }` reads `5`); params computed from the event say nothing here. */
function paramsText(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const values = Object.values(params).filter((v) => ['string', 'number', 'boolean'].includes(typeof v));
  return values.length ? `(${values.join(', ')})` : '';
}

/**
 * A guard's name: 'isReady' for `'isReady'`, 'isStartStep(5)' for `{ type: 'isStartStep', params: { step: 5 } }`,
 * 'not(isOnPage(kyc))' for xstate's not/and/or, 'inline' for an anonymous arrow; undefined without a guard.
 */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  // not(), and(), or() are functions named after themselves that carry the guards they combine.
  if (isComposed(guard)) return `${guard.name}(${guard.guards.map((g) => guardName(g) ?? 'guard').join(', ')})`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return `${String(type)}${paramsText(params)}`;
  }
  // An inline arrow is named after its property, 'guard'.
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  return 'guard';
}

/** ' [guardName]' after a transition's event, or nothing for an unguarded one. */
export const guardSuffix = (guard: unknown): string => {
  const name = guardName(guard);
  return name ? ` [${name}]` : '';
};

/** Characters Mermaid reads as syntax inside a label or description. */
export const cleanLabel = (text: string) => text.replace(/[:;{}"]/g, ' ').replace(/\s+/g, ' ').trim();

/** The parts of a transition definition a label reads (xstate's TransitionDefinition has them all). */
export interface LabelledTransition {
  eventType: string;
  source: { id: string };
  guard?: unknown;
  delay?: unknown;
}

/**
 * A transition's label, the same in the Mermaid docs and the explorer: 'NEXT [isValid]', 'after(1000)',
 * 'done(fetchSettings)', 'error(fetch)', 'done' (a compound state finished), 'always'.
 */
export function eventLabel(t: LabelledTransition): string {
  const type = t.eventType;
  const source = t.source.id;
  let label: string;
  if (type === '') label = 'always';
  else if (type.startsWith('xstate.after.')) label = `after(${delayName(t)})`;
  else if (type.startsWith('xstate.done.actor.')) label = `done(${type.slice('xstate.done.actor.'.length)})`;
  else if (type.startsWith('xstate.error.actor.')) label = `error(${type.slice('xstate.error.actor.'.length)})`;
  else if (type === `xstate.done.state.${source}`) label = 'done';
  else label = type;
  return cleanLabel(`${label}${guardSuffix(t.guard)}`);
}

/** An `after` transition's delay as written: its name ('READING_TICK') or milliseconds ('1000'). */
export function delayName(t: LabelledTransition): string {
  return String(t.delay ?? t.eventType.slice('xstate.after.'.length, -(t.source.id.length + 1)));
}
