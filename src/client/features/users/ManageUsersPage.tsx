/** /manage-users (OpsAdmin): the client's user accounts, invitations and roles. */
import { Button, H2, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useState } from 'react';
import type { UserAccountView } from '../../../shared/contracts/users';
import { EditRolesDialog } from './EditRolesDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { RequestsPanel } from './RequestsPanel';
import { RevokeInviteAlert } from './RevokeInviteAlert';
import type { UserGridContext } from './UserCells';
import { defaultUserColumn, getUserRowId, userColumns } from './userColumns';
import { useLiveUserList, userListQuery } from './userQueries';
import { useGridTheme } from '../../ui/grid';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import '../account/account.css';
import './users.css';

import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { LoadFailed } from '../../ui/LoadFailed';

export function ManageUsersPage() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery(userListQuery(term));
  useLiveUserList();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserAccountView | null>(null);
  const [revoking, setRevoking] = useState<UserAccountView | null>(null);
  const context = useMemo<UserGridContext>(() => ({ onEditRoles: setEditing, onRevoke: setRevoking }), []);
  const gridTheme = useGridTheme();

  let body;
  if (users.isPending) body = <Spinner className="kosh-page-spinner" aria-label="Loading users" />;
  else if (users.isError) {
    body = <LoadFailed title="The users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />;
  } else if (users.data.length === 0) {
    body = (
      <NonIdealState
        icon="people"
        title="No users found"
        description={term ? `Nobody matches “${term}”.` : 'Invite the people who work with you.'}
        action={term ? <Button text="Clear search" onClick={() => setSearch('')} /> : undefined}
      />
    );
  } else {
    body = (
      <div className="kosh-users__grid" data-testid="users-grid">
        <AgGridReact<UserAccountView>
          theme={gridTheme}
          rowData={users.data}
          columnDefs={userColumns}
          defaultColDef={defaultUserColumn}
          getRowId={getUserRowId}
          context={context}
          domLayout="autoHeight"
          rowHeight={44}
          suppressCellFocus={false}
          suppressColumnVirtualisation
        />
      </div>
    );
  }

  return (
    <div className="kosh-account">
      <div className="kosh-account__header">
        <H2>Manage users</H2>
        <Button intent={Intent.PRIMARY} icon="new-person" text="Invite user" onClick={() => setInviting(true)} />
      </div>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search by name, e-mail or mobile"
        aria-label="Search users"
        value={search}
        onValueChange={setSearch}
        rightElement={users.isFetching && !users.isPending ? <Spinner size={16} /> : undefined}
        className="kosh-users__search"
      />
      {body}
      <RequestsPanel />
      <InviteUserDialog isOpen={inviting} onClose={() => setInviting(false)} />
      <EditRolesDialog user={editing} onClose={() => setEditing(null)} />
      <RevokeInviteAlert user={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
