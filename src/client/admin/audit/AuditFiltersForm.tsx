/**
 * The list's filters, as the audit-trail chart holds the draft (issue 29): typing sends it each change, Apply and
 * Clear are the chart's (it moves to the address that shows them, /admin/audit?investor=…, so a filtered view is a
 * link). Investor and staff take a name, part of an email or an id; the action field suggests the trail's action
 * names and their prefixes (kyc., admin.kyc.).
 */
import { useMemo } from 'react';
import { FILTER_MAX_LENGTH } from '../../../../machines/admin/audit-trail/audit-trail.filters.ts';
import type { AuditFilters } from '../../../../machines/admin/audit-trail/audit-trail.types.ts';
import { ChartForm } from '../../ui/form/index.ts';

type Props = {
  draft: AuditFilters;
  onEdit: (field: keyof AuditFilters, value: string) => void;
  onApply: () => void;
  onClear: () => void;
  actions?: readonly string[];
};

/** Every name and each of its prefixes ending in a dot ('admin.kyc.decided' gives 'admin.' and 'admin.kyc.'), sorted. */
export function actionSuggestions(actions: readonly string[]): string[] {
  const all = new Set<string>();
  for (const action of actions) {
    all.add(action);
    const parts = action.split('.');
    for (let i = 1; i < parts.length; i++) all.add(`${parts.slice(0, i).join('.')}.`);
  }
  return [...all].sort();
}

export function AuditFiltersForm({ draft, onEdit, onApply, onClear, actions = [] }: Props) {
  const suggestions = useMemo(() => actionSuggestions(actions), [actions]);
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => onEdit(name, e.target.value),
  });
  return (
    <ChartForm
      className="audit__filters"
      role="search"
      aria-label="Filter the audit events"
      onSubmit={() => onApply()}
    >
      <label>
        Investor (name, email or id)
        <input type="search" maxLength={FILTER_MAX_LENGTH} autoComplete="off" placeholder="Lovelace or @example.com" {...field('investor')} />
      </label>
      <label>
        Staff member (name, email or id)
        <input type="search" maxLength={FILTER_MAX_LENGTH} autoComplete="off" {...field('staff')} />
      </label>
      <label>
        Action or prefix
        <input type="search" maxLength={FILTER_MAX_LENGTH} autoComplete="off" placeholder="kyc. or admin.kyc.decided" list="audit-action-names" {...field('action')} />
        <datalist id="audit-action-names">
          {suggestions.map((name) => <option key={name} value={name} />)}
        </datalist>
      </label>
      <label>
        From (UTC day)
        <input type="date" {...field('from')} />
      </label>
      <label>
        To (UTC day, included)
        <input type="date" {...field('to')} />
      </label>
      <div className="audit__filter-buttons">
        <button type="submit" className="admin-button">Apply filters</button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onClear}>Clear</button>
      </div>
    </ChartForm>
  );
}
