/** Roles as a group of checkboxes (a keyboard-friendly multi-select). */
import { Checkbox, FormGroup, Intent } from '@blueprintjs/core';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/enums';

export interface RoleCheckboxesProps {
  id: string;
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  error?: string;
}

export function RoleCheckboxes({ id, value, onChange, error }: RoleCheckboxesProps) {
  const toggle = (role: Role, on: boolean) =>
    onChange(on ? ROLES.filter((r) => r === role || value.includes(r)) : value.filter((r) => r !== role));
  return (
    <FormGroup label="Roles" labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      <div id={id} role="group" aria-label="Roles" className="kosh-users__roles">
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            label={ROLE_LABELS[role]}
            checked={value.includes(role)}
            onChange={(e) => toggle(role, e.currentTarget.checked)}
          />
        ))}
      </div>
    </FormGroup>
  );
}
