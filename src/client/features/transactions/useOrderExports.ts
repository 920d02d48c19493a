/** CSV (the shared toCsv helper) and XLSX exports of every order the filters match, fetched page by page. */
import { useState } from 'react';
import type { OrderView } from '../../../shared/contracts/orders';
import { toCsv } from '../../../shared/csv';
import { fetchOrders, type OrderListFilters } from '../../api/ordersApi';
import { useToday } from '../../app/system';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { saveBlob } from '../find/saveBlob';
import { ORDER_COLUMNS } from './orderColumns';

/** The largest page the list serves (spec 01 §7: page_size at most 100). */
const EXPORT_PAGE_SIZE = 100;

/** Every order matching `filters`, in the list's order. */
async function allOrders(filters: OrderListFilters): Promise<OrderView[]> {
  const rows: OrderView[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchOrders({ ...filters, page, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...answer.results);
    if (answer.results.length === 0 || rows.length >= answer.count) return rows;
  }
}

export function useOrderExports(filters: OrderListFilters) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const today = useToday();
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    try {
      const rows = await allOrders(filters);
      if (kind === 'csv') {
        saveBlob(new Blob([toCsv(rows, ORDER_COLUMNS)], { type: 'text/csv;charset=utf-8' }), `orders-${today}.csv`);
      } else {
        const { exportXlsx } = await import('../find/exportXlsx');
        await exportXlsx(rows, ORDER_COLUMNS, `orders-${today}.xlsx`, 'Orders');
      }
    } catch (error) {
      void showToast({ severity: 'error', summary: toastMessageFromError(error, `The ${kind.toUpperCase()} file could not be created`) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, csv: () => void run('csv'), xlsx: () => void run('xlsx') };
}
