/** Test helpers of the finder and bond pages: bond fixtures (pages render with app/testing's renderRoute). */
import type { FinderBond } from '../../../shared/contracts/finder';

/** A finder row. */
export function finderBond(id: number, name: string, over: Partial<FinderBond> = {}): FinderBond {
  return {
    id,
    display_name: name,
    identifiers: { ISIN: `INE${String(id).padStart(4, '0')}A07018` },
    available: true,
    contract_parameters: {
      is_listed: true,
      maturity_date: '2031-06-15',
      face_value: 100_000,
      coupon_rate: 0.0745,
      frequency: 1,
      security_type: 'CORPORATE',
      is_secured: true,
      is_tax_free: false,
      is_perpetual: false,
      seniority: 'SENIOR',
    },
    issuer: { id: 1, name: 'Tata Capital Ltd', sector: 'Finance' },
    rating: { agency: 'CRISIL', rating: 'AAA' },
    last_yield: 0.0768,
    last_price: 99.12,
    ...over,
  };
}
