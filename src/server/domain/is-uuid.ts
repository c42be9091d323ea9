/**
 * A uuid as PostgreSQL reads one (either letter case): an id from a path or a body that is not one names nothing of
 * ours, and must not reach a uuid comparison (PostgreSQL would refuse the query with a 500).
 */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
