/**
 * GET /api/admin/audit/actions: the action names the trail holds, for the filter's suggestions (issue 26). A
 * DISTINCT over the whole trail would read every event; this walks the action index instead (a "loose index scan":
 * each step asks the index for the first name after the last one), so it costs a few index probes per name whatever
 * the trail's length, and stops at ACTION_NAMES_MAX names.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/types.ts';

export const ACTION_NAMES_MAX = 500;

type Rows<T> = { rows: T[] };

export async function listAuditActions(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive names(action, n) as (
      (select action, 1 from audit_events order by action limit 1)
      union all
      select (select e.action from audit_events e where e.action > names.action order by e.action limit 1), names.n + 1
      from names
      where names.action is not null and names.n < ${ACTION_NAMES_MAX}
    )
    select action from names where action is not null order by action`)) as unknown as Rows<{ action: string }>;
  return result.rows.map((r) => r.action);
}
