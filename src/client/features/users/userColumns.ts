/** Column definitions of the users grid. */
import type { ColDef, GetRowIdFunc } from 'ag-grid-community';
import type { UserAccountView } from '../../../shared/contracts/users';
import { ROLE_LABELS } from '../../../shared/enums';
import { ActionsCell, RolesCell, StatusCell } from './UserCells';

export const userColumns: ColDef<UserAccountView>[] = [
  { colId: 'name', headerName: 'Name', field: 'name', flex: 1.2, minWidth: 160 },
  { colId: 'email', headerName: 'Email', field: 'email', flex: 1.6, minWidth: 200 },
  { colId: 'mobile', headerName: 'Mobile', field: 'mobile', flex: 1, minWidth: 130, valueFormatter: ({ value }) => value ?? '—' },
  {
    colId: 'roles', headerName: 'Roles', field: 'roles', flex: 1.6, minWidth: 200, cellRenderer: RolesCell,
    valueFormatter: ({ value }) => (value as UserAccountView['roles']).map((r) => ROLE_LABELS[r]).join(', '),
  },
  { colId: 'status', headerName: 'Status', field: 'status', width: 110, cellRenderer: StatusCell },
  { colId: 'actions', headerName: 'Actions', width: 250, sortable: false, cellRenderer: ActionsCell },
];

export const defaultUserColumn: ColDef<UserAccountView> = { sortable: true, resizable: true, suppressMovable: true };

/** Rows are user accounts: their id is stable across searches and refetches. */
export const getUserRowId: GetRowIdFunc<UserAccountView> = ({ data }) => String(data.id);
