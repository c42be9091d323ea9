/** The roles as labelled checkboxes; a fault of the set (none, or compliance with auditor) is named under them. */
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../shared/admin/staff-roles.ts';
import { Checkbox, FieldError } from '../../ui/form/index.ts';

type Props = { idPrefix: string; legend: string; value: readonly StaffRole[]; problem: string | null | undefined; onTick: (role: StaffRole, checked: boolean) => void };

export function RoleChecks({ idPrefix, legend, value, problem, onTick }: Props) {
  const problemId = `${idPrefix}-problem`;
  return (
    <fieldset className="staff__roles" aria-describedby={problem ? problemId : undefined}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <Checkbox
          key={role}
          id={`${idPrefix}-${role}`}
          label={STAFF_ROLE_LABELS[role]}
          checked={value.includes(role)}
          invalid={!!problem}
          describedBy={problem ? problemId : undefined}
          onChange={(checked) => onTick(role, checked)}
        />
      ))}
      <FieldError id={problem ? problemId : undefined} error={problem} className="staff__field-error" />
    </fieldset>
  );
}
