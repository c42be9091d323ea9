/** The status page's label-and-value lists: one <dl> of rows; a row given as null (a fact that does not apply) is left out. */
import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode; valueClass?: string };

export function Facts({ rows }: { rows: readonly (Fact | null | false)[] }) {
  return (
    <dl className="status-facts">
      {rows.map((row) =>
        row ? (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.valueClass}>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
