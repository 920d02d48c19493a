/** Test helpers of the finder and bond pages: the app's providers around a page, and bond fixtures. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { FinderBond } from '../../../shared/contracts/finder';
import { createSystem, SystemProvider } from '../../app/system';

/** Renders `page` at `path` (matched by `pattern`) inside the app's system and a memory router. */
export function renderRoute(page: ReactNode, path: string, pattern = path, routes: Record<string, ReactNode> = {}) {
  const system = createSystem(() => undefined);
  return render(
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            {Object.entries(routes).map(([to, element]) => <Route key={to} path={to} element={element} />)}
          </Routes>
        </MemoryRouter>
      </SystemProvider>
    </QueryClientProvider>,
  );
}

/** A finder row. */
export function finderBond(id: number, name: string, over: Partial<FinderBond> = {}): FinderBond {
  return {
    id,
    display_name: name,
    identifiers: { ISIN: `INE${String(id).padStart(4, '0')}A07018` },
    available: true,
    contract_parameters: {
      is_listed: true, maturity_date: '2031-06-15', face_value: 100_000, coupon_rate: 0.0745, frequency: 1,
      security_type: 'CORPORATE', is_secured: true, is_tax_free: false, is_perpetual: false, seniority: 'SENIOR',
    },
    issuer: { id: 1, name: 'Tata Capital Ltd', sector: 'Finance' },
    rating: { agency: 'CRISIL', rating: 'AAA' },
    last_yield: 0.0768,
    last_price: 99.12,
    ...over,
  };
}
