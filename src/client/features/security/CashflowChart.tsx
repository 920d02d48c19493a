/** Coupon and principal by payment date, stacked bars (ag-charts), in the app's theme. */
import { AgCharts } from 'ag-charts-react';
import {
  BarSeriesModule,
  CategoryAxisModule,
  LegendModule,
  ModuleRegistry,
  NumberAxisModule,
  type AgCartesianChartOptions,
} from 'ag-charts-community';
import { useMemo } from 'react';
import type { Cashflow } from '../../../shared/contracts/instruments';
import { useTheme } from '../../app/theme';

ModuleRegistry.registerModules([BarSeriesModule, CategoryAxisModule, NumberAxisModule, LegendModule]);

const monthYearFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthYear = (iso: string) => monthYearFormat.format(new Date(`${iso}T00:00:00Z`));

export function CashflowChart({ cashflows }: { cashflows: Cashflow[] }) {
  const dark = useTheme() === 'dark';
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: dark ? 'ag-default-dark' : 'ag-default',
      background: { visible: false },
      height: 260,
      data: cashflows.map((c) => ({ date: c.payment_date, coupon: Number(c.coupon), principal: Number(c.principal) })),
      series: [
        { type: 'bar', xKey: 'date', yKey: 'coupon', yName: 'Coupon', stacked: true },
        { type: 'bar', xKey: 'date', yKey: 'principal', yName: 'Principal', stacked: true },
      ],
      axes: {
        x: { type: 'category', position: 'bottom', label: { formatter: ({ value }) => monthYear(String(value)) } },
        y: { type: 'number', position: 'left', label: { formatter: ({ value }) => `₹${Number(value).toLocaleString('en-IN')}` } },
      },
      legend: { position: 'top' },
    }),
    [cashflows, dark],
  );
  return (
    <div className="kosh-security__chart" data-testid="cashflow-chart">
      <AgCharts options={options} />
    </div>
  );
}
