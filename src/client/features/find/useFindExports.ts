/** CSV (the shared toCsv helper: quoted values, YYYY-MM-DD dates) and XLSX exports of the loaded finder rows. */
import type { GridApi } from 'ag-grid-community';
import { useState } from 'react';
import type { FinderBond } from '../../../shared/contracts/finder';
import { toCsv } from '../../../shared/csv';
import { showToast } from '../../ui/toaster';
import { FIND_COLUMNS } from './findColumns';
import { saveBlob } from './saveBlob';

function loadedRows(grid: GridApi<FinderBond>): FinderBond[] {
  const rows: FinderBond[] = [];
  grid.forEachNode((node) => { if (node.data) rows.push(node.data); });
  return rows;
}

export function useFindExports(grid: GridApi<FinderBond> | null, hidden: readonly string[]) {
  const [xlsxBusy, setXlsxBusy] = useState(false);
  const columns = FIND_COLUMNS.filter((c) => !hidden.includes(c.colId));
  const stamp = () => new Date().toISOString().slice(0, 10);
  return {
    xlsxBusy,
    csv: () => {
      if (!grid) return;
      const csv = toCsv(loadedRows(grid), columns.map((c) => ({ header: c.header, value: c.value })));
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `bonds-${stamp()}.csv`);
    },
    xlsx: async () => {
      if (!grid) return;
      setXlsxBusy(true);
      try {
        const { exportXlsx } = await import('./exportXlsx');
        await exportXlsx(loadedRows(grid), columns, `bonds-${stamp()}.xlsx`);
      } catch {
        void showToast({ severity: 'error', summary: 'The XLSX file could not be created' });
      } finally {
        setXlsxBusy(false);
      }
    },
  };
}
