/** The list's row per bond as read from finstrument_search, and the bond the response gives for it. */
import { sql } from 'drizzle-orm';
import type { FinderBond } from '../../../shared/contracts/finder.js';

export const COLUMNS = sql`s.finstrument_id as id, s.display_name, s.isin, s.available, s.is_listed, s.maturity_date::text as maturity_date,
  s.face_value, s.coupon_rate, s.frequency, s.security_type, s.is_secured, s.is_tax_free, s.is_perpetual, s.seniority,
  s.issuer_id, s.issuer_name, s.sector, s.rating_agency, s.rating, s.last_yield, s.last_price`;

/** The COLUMNS of one bond. */
export interface BondRow {
  id: number;
  display_name: string;
  isin: string;
  available: boolean;
  is_listed: boolean;
  maturity_date: string | null;
  face_value: string | number;
  coupon_rate: string;
  frequency: number;
  security_type: string;
  is_secured: boolean;
  is_tax_free: boolean;
  is_perpetual: boolean;
  seniority: string;
  issuer_id: number;
  issuer_name: string;
  sector: string;
  rating_agency: string | null;
  rating: string | null;
  last_yield: string | null;
  last_price: string | null;
}

/** A page's row: the bond, its rank and sort key, and on a first page the index version and rank sizes. */
export interface Row extends BondRow {
  rank: number;
  sort_key: string;
  version?: string | null;
  sizes?: number[];
}

export function toBond(r: BondRow): FinderBond {
  return {
    id: r.id,
    display_name: r.display_name,
    identifiers: { ISIN: r.isin },
    available: r.available,
    contract_parameters: {
      is_listed: r.is_listed,
      maturity_date: r.maturity_date,
      face_value: Number(r.face_value),
      coupon_rate: Number(r.coupon_rate),
      frequency: r.frequency,
      security_type: r.security_type as never,
      is_secured: r.is_secured,
      is_tax_free: r.is_tax_free,
      is_perpetual: r.is_perpetual,
      seniority: r.seniority as never,
    },
    issuer: { id: r.issuer_id, name: r.issuer_name, sector: r.sector },
    rating: r.rating_agency && r.rating ? { agency: r.rating_agency as never, rating: r.rating } : null,
    ...(r.last_yield !== null ? { last_yield: Number(r.last_yield) } : {}),
    ...(r.last_price !== null ? { last_price: Number(r.last_price) } : {}),
  };
}
