/** Bond detail calls (spec 01 §7 Instruments): detail, cashflows, credit rationale, trades, same issuer. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  bondDetailSchema,
  bondInfoSchema,
  cashflowListSchema,
  creditRationaleSchema,
  sameIssuerPageSchema,
  tradesPageSchema,
} from '../../../shared/contracts/instruments';
import { api } from '../../api/http';

export const TRADES_PAGE_SIZE = 20;

export const securityKeys = {
  all: (id: number) => ['security', id] as const,
  detail: (id: number) => [...securityKeys.all(id), 'detail'] as const,
  info: (id: number) => [...securityKeys.all(id), 'info'] as const,
  cashflows: (id: number, quantity: number | undefined) => [...securityKeys.all(id), 'cashflows', { quantity }] as const,
  rationale: (id: number) => [...securityKeys.all(id), 'rationale'] as const,
  trades: (id: number, page: number) => [...securityKeys.all(id), 'trades', { page }] as const,
  sameIssuer: (id: number) => [...securityKeys.all(id), 'sameIssuer'] as const,
};

export const bondDetailQuery = (id: number) =>
  queryOptions({
    queryKey: securityKeys.detail(id),
    queryFn: () => api.get(`/api/finstrument/${id}/`, { schema: bondDetailSchema }),
  });

/** The detail plus the latest trade on the tape (for the calculator's starting yield). */
export const bondInfoQuery = (id: number) =>
  queryOptions({
    queryKey: securityKeys.info(id),
    queryFn: () => api.get(`/api/v2/finstrument/info/${id}`, { schema: bondInfoSchema }),
  });

export const cashflowQuery = (id: number, quantity?: number) =>
  queryOptions({
    queryKey: securityKeys.cashflows(id, quantity),
    queryFn: () => api.post(`/api/cashflow/${id}/`, quantity ? { quantity } : {}, { schema: cashflowListSchema }),
    placeholderData: keepPreviousData,
  });

export const creditRationaleQuery = (id: number) =>
  queryOptions({
    queryKey: securityKeys.rationale(id),
    queryFn: () => api.get(`/api/credit-rationale/${id}/`, { schema: creditRationaleSchema }),
  });

export const tradesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: securityKeys.trades(id, page),
    queryFn: () =>
      api.post(
        `/api/trades/${id}/`,
        {
          pagination: { page, page_size: TRADES_PAGE_SIZE },
          sort: { field: 'traded_at', direction: 'desc' },
          filters: {},
        },
        { schema: tradesPageSchema },
      ),
    placeholderData: keepPreviousData,
  });

export const sameIssuerQuery = (id: number) =>
  queryOptions({
    queryKey: securityKeys.sameIssuer(id),
    queryFn: () =>
      api.post(
        `/api/bonds-by-same-issuer/${id}/`,
        {
          pagination: { page: 1, page_size: 50 },
          sort: { field: 'maturity_date', direction: 'asc' },
          filters: {},
        },
        { schema: sameIssuerPageSchema },
      ),
  });
