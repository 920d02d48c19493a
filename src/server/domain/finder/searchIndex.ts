/**
 * Rebuilds `finstrument_search`, the finder's row per bond: the lower-cased text the keyword matches
 * (name, ISIN, issuer name and short name), the best rating's bucket, the effective maturity (a
 * perpetual's first call after `today`) and the last trade on the tape. The seed runs it after the
 * tape; run it again whenever instruments, ratings or trades change in bulk.
 */
import { sql } from 'drizzle-orm';
import { RATING_SCALE } from '../../../shared/instruments.js';
import type { DbOrTx } from '../../db/database.js';

const scale = sql.raw(`array[${RATING_SCALE.map((r) => `'${r}'`).join(', ')}]`);

export async function refreshFinderIndex(db: DbOrTx, today: string): Promise<void> {
  await db.execute(sql`delete from finstrument_search`);
  await db.execute(sql`
    insert into finstrument_search
      (finstrument_id, search_text, rating_bucket, rating_agency, rating, effective_maturity, last_yield, last_price, last_trade_date)
    select f.id,
      lower(f.display_name || ' ' || f.isin || ' ' || i.name || ' ' || i.short_name),
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
    ) t on t.finstrument_id = f.id`);
}
