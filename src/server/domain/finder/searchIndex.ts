/**
 * Rebuilds `finstrument_search`, the finder's row per bond: the lower-cased text the keyword matches
 * (name, ISIN, issuer name and short name), a copy of every instrument and issuer column the finder
 * returns or filters on, the best rating's bucket, the effective maturity (a perpetual's first call
 * after `today`) and the last trade on the tape. The finder reads nothing else, so this is the one
 * place that keeps it true: the seed runs it after the tape, and any code that inserts or changes
 * finstruments, issuers, ratings or market_trades must run it in the same transaction (today only
 * the seed does). It bumps the index's version (finderIndexVersion), which the list's kept counts
 * are checked against, and its ANALYZE gives the planner the statistics the keyword plans depend on.
 */
import { sql } from 'drizzle-orm';
import { RATING_SCALE } from '../../../shared/instruments.js';
import type { DbOrTx } from '../../db/database.js';

const INDEX_KEY = 'finder_index';

/**
 * The index's version, as of the statement's snapshot: the time of the last refresh (null before the
 * first), which refreshFinderIndex bumps in its own transaction. A count stored with the version it was
 * counted under stays exact for as long as that version stands.
 */
export const finderIndexVersion = sql`(select updated_at::text from system_state where key = ${INDEX_KEY})`;

const scale = sql.raw(`array[${RATING_SCALE.map((r) => `'${r}'`).join(', ')}]`);

export async function refreshFinderIndex(db: DbOrTx, today: string): Promise<void> {
  await db.execute(sql`delete from finstrument_search`);
  await db.execute(sql`
    insert into finstrument_search
      (finstrument_id, search_text, display_name, isin, available, is_listed, maturity_date, face_value, coupon_rate, frequency,
       security_type, is_secured, is_tax_free, is_perpetual, seniority, issuer_id, issuer_name, sector,
       rating_bucket, rating_agency, rating, effective_maturity, last_yield, last_price, last_trade_date)
    select f.id,
      lower(f.display_name || ' ' || f.isin || ' ' || i.name || ' ' || i.short_name),
      f.display_name, f.isin, f.available, f.is_listed, f.maturity_date, f.face_value, f.coupon_rate, f.frequency,
      f.security_type, f.is_secured, f.is_tax_free, f.is_perpetual, f.seniority, i.id, i.name, i.sector,
      case
        when i.is_government then 'SOV'
        when r.rating is null then 'UNRATED'
        when r.rating = 'AAA' then 'AAA'
        when r.rating in ('AA+', 'AA', 'AA-') then 'AA'
        when r.rating in ('A+', 'A', 'A-') then 'A'
        when r.rating in ('BBB+', 'BBB', 'BBB-') then 'BBB'
        else 'BELOW_BBB'
      end,
      r.agency, r.rating,
      coalesce(f.maturity_date, (
        select min((c->>'date')::date) from jsonb_array_elements(f.call_schedule) c where (c->>'date')::date > ${today}::date
      )),
      t.yield, t.clean_price, t.trade_date
    from finstruments f
    join issuers i on i.id = f.issuer_id
    left join lateral (
      -- The instrument's own rating wins; otherwise the issuer's best current grade.
      select agency, rating from ratings
      where issuer_id = f.issuer_id and (finstrument_id = f.id or finstrument_id is null)
      order by finstrument_id is null, array_position(${scale}, rating), rated_on desc
      limit 1
    ) r on true
    left join (
      select distinct on (finstrument_id) finstrument_id, yield, clean_price, trade_date
      from market_trades where trade_date <= ${today}::date
      order by finstrument_id, traded_at desc, id desc
    ) t on t.finstrument_id = f.id
    -- Stored in the relevance sort's name order, so walking finstrument_search_name_idx reads the heap in sequence.
    order by f.display_name collate "C", f.id`);
  await db.execute(sql`
    insert into system_state (key, value, updated_at) values (${INDEX_KEY}, ${JSON.stringify({ today })}::jsonb, clock_timestamp())
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
  await db.execute(sql`analyze finstrument_search`);
}
