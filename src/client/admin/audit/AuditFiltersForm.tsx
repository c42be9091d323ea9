/**
 * The list's filters. Applying them moves to the address that shows them (/admin/audit?investor=…), so a filtered
 * view is a link; the page hands the address's filters to the chart. Investor and staff take a name, part of an
 * email or an id; the action field suggests the trail's action names and their prefixes (kyc., admin.kyc.).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FILTER_MAX_LENGTH, NO_AUDIT_FILTERS } from '../../../../machines/admin/audit-trail/audit-trail.filters.ts';
import type { AuditFilters } from '../../../../machines/admin/audit-trail/audit-trail.types.ts';

type Props = { filters: AuditFilters; onApply: (filters: AuditFilters) => void; actions?: readonly string[] };

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

export function AuditFiltersForm({ filters, onApply, actions = [] }: Props) {
  const suggestions = useMemo(() => actionSuggestions(actions), [actions]);
  const [draft, setDraft] = useState(filters);
  // The address changed (a link, Back): the form shows what the list shows.
  useEffect(() => setDraft(filters), [filters]);
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="audit__filters" role="search" aria-label="Filter the audit events" onSubmit={apply}>
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
        <button type="button" className="admin-button admin-button--secondary" onClick={() => onApply(NO_AUDIT_FILTERS)}>Clear</button>
      </div>
    </form>
  );
}
