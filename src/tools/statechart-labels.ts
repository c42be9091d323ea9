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
