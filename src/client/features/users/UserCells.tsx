/** Cell renderers of the users grid: role and status tags, and the row's actions. */
import { Button, Intent, Tag } from '@blueprintjs/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { UserAccountView } from '../../../shared/contracts/users';
import { ROLE_LABELS, type AccountStatus } from '../../../shared/enums';

/** What the page hands the grid's action cells (ag-grid's `context`). */
export interface UserGridContext {
  onEditRoles: (user: UserAccountView) => void;
  onRevoke: (user: UserAccountView) => void;
}

const STATUS_INTENTS: Record<AccountStatus, Intent> = { active: Intent.SUCCESS, invited: Intent.WARNING, inactive: Intent.NONE };
const STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', invited: 'Invited', inactive: 'Inactive' };

export function RolesCell({ data }: CustomCellRendererProps<UserAccountView>) {
  return (
    <span className="kosh-users__tags">
      {data?.roles.map((role) => (
        <Tag key={role} minimal round>
          {ROLE_LABELS[role]}
        </Tag>
      ))}
    </span>
  );
}

export function StatusCell({ data }: CustomCellRendererProps<UserAccountView>) {
  if (!data) return null;
  return (
    <Tag minimal intent={STATUS_INTENTS[data.status]}>
      {STATUS_LABELS[data.status]}
    </Tag>
  );
}

export function ActionsCell({ data, context }: CustomCellRendererProps<UserAccountView, unknown, UserGridContext>) {
  if (!data) return null;
  return (
    <span className="kosh-users__actions">
      <Button size="small" variant="minimal" text="Change roles" onClick={() => context.onEditRoles(data)} />
      {data.status === 'invited' && (
        <Button size="small" variant="minimal" intent={Intent.DANGER} text="Revoke invite" onClick={() => context.onRevoke(data)} />
      )}
    </span>
  );
}
