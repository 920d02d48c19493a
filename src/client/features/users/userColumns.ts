/** Column definitions of the users grid. */
import type { ColDef, GetRowIdFunc } from 'ag-grid-community';
import type { UserAccountView } from '../../../shared/contracts/users';
import { ROLE_LABELS } from '../../../shared/enums';
import { ActionsCell, RolesCell, StatusCell } from './UserCells';

export const userColumns: ColDef<UserAccountView>[] = [
  { colId: 'name', headerName: 'Name', field: 'name', flex: 1, minWidth: 130 },
  { colId: 'email', headerName: 'Email', field: 'email', flex: 1.5, minWidth: 190 },
  { colId: 'mobile', headerName: 'Mobile', field: 'mobile', width: 110, valueFormatter: ({ value }) => value ?? '—' },
  {
    colId: 'roles',
    headerName: 'Roles',
    field: 'roles',
    flex: 1.3,
    minWidth: 160,
    cellRenderer: RolesCell,
    cellClass: 'kosh-users__cell--centered',
    valueFormatter: ({ value }) => (value as UserAccountView['roles']).map((r) => ROLE_LABELS[r]).join(', '),
  },
  { colId: 'status', headerName: 'Status', field: 'status', width: 96, cellRenderer: StatusCell, cellClass: 'kosh-users__cell--centered' },
  {
    colId: 'actions',
    headerName: 'Actions',
    width: 210,
    sortable: false,
    cellRenderer: ActionsCell,
    cellClass: 'kosh-users__cell--centered',
  },
];

export const defaultUserColumn: ColDef<UserAccountView> = { sortable: true, resizable: true, suppressMovable: true };

/** Rows are user accounts: their id is stable across searches and refetches. */
export const getUserRowId: GetRowIdFunc<UserAccountView> = ({ data }) => String(data.id);
