/** CSV (the shared toCsv helper: quoted values, YYYY-MM-DD dates) and XLSX exports of the loaded finder rows. */
import { useState } from 'react';
import type { FinderBond } from '../../../shared/contracts/finder';
import { toCsv } from '../../../shared/csv';
import { useToday } from '../../app/system';
import { showToast } from '../../ui/toaster';
import { FIND_COLUMNS } from './findColumns';
import { saveBlob } from './saveBlob';

export function useFindExports(rows: readonly FinderBond[], hidden: readonly string[]) {
  const [xlsxBusy, setXlsxBusy] = useState(false);
  const today = useToday();
  const columns = FIND_COLUMNS.filter((c) => !hidden.includes(c.colId));
  return {
    xlsxBusy,
    csv: () => {
      const csv = toCsv(
        [...rows],
        columns.map((c) => ({ header: c.header, value: c.value })),
      );
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `bonds-${today}.csv`);
    },
    xlsx: async () => {
      setXlsxBusy(true);
      try {
        const { exportXlsx } = await import('./exportXlsx');
        await exportXlsx([...rows], columns, `bonds-${today}.xlsx`);
      } catch {
        void showToast({ severity: 'error', summary: 'The XLSX file could not be created' });
      } finally {
        setXlsxBusy(false);
      }
    },
  };
}
