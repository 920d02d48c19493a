/** Fixtures of the dart tests: quotes and negotiations as the API answers them. */
import type { ClusterView, EoiPage, EoiView } from '../../../shared/contracts/trading';

export function eoi(id: number, over: Partial<EoiView> = {}): EoiView {
  return {
    id, finstrument_id: 500 + id, isin: `INE${String(id).padStart(5, '0')}07018`, bond_name: `Tata Capital 7.45% 20${30 + (id % 10)}`,
    issuer_name: 'Tata Capital Ltd', quote_type: 'BID', quantum: 1_000_000, unit_price_stored: 99.125, yield_stored: 0.0825,
    fixed_field: 'yield', settlement_date: '2026-11-26', settlement_delta: 1, validity: null, expires_at: '2026-11-25T11:30:00.000Z',
    status: 'live', rfq_mode: 'OTM', anonymous: false, exchange: 'NSE', send_to_rfq: false, source: 'WEBSITE',
    client: { id: 2, name: 'Vasuki Wealth Partners' }, oto_client: null, end_client_id: null, is_mine: false, open_negotiations: 0,
    revision: 0, created_at: '2026-11-25T09:00:00.000Z', updated_at: '2026-11-25T09:00:00.000Z',
    price_overridden: false, exchange_quote_id: null,
    clearing_corporation: 'NSCCL', yield_type: 'YTM', is_best: false, mandate_expires_at: null, whatsapp_consent: false, state: null, origin_trade: null, user_account_id: null, ...over,
  };
}

export const page = (results: EoiView[], restriction: string | null = null): EoiPage => ({ results, count: results.length, page: 1, page_size: 100, restriction });

export function cluster(id: number, over: Partial<ClusterView> = {}): ClusterView {
  const figures = {
    unit_clean_price: 99.2, bond_yield: 0.0821, settlement_date: '2026-11-26', quantity: 1_000_000, principal: '992000.00',
    total_accrued_interest: '1234.56', consideration: '993234.56', stamp_duty: '1.00',
  };
  return {
    id, eoi_id: 1, finstrument_id: 501, isin: 'INE0000107018', bond_name: 'Tata Capital 7.45% 2031', my_side: 'SELL', my_role: 'owner',
    status: 'withOwner', figures, seller_spread: '0.0000', buyer_figures: figures,
    counterparty: { id: 3, name: 'Trishul Securities' }, can_counter: true, can_accept: true, can_close: true, exchanges: ['NSE', 'BSE'], revision: 1, deal: null,
    updated_at: '2026-11-25T09:05:00.000Z', facilitator: null, agent: null, brokerage: null, ...over,
  };
}
