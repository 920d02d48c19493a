import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/enums.js';
import { RATING_SCALE } from '../../shared/instruments.js';
import type { Database } from '../db/database.js';
import type { DemoLogin } from './seedDemo.js';
import { freshSeeded, rows, TEST_SEED_OPTIONS as OPTIONS } from './seedTestDatabase.js';

let db: Database;
let logins: DemoLogin[];

beforeAll(async () => {
  ({ database: db, logins } = await freshSeeded());
}, 120_000);

afterAll(() => db?.close());

describe('seedDemo (small) — ratings and calendar', () => {
  it('rates every non-government issuer with a rationale, and no government issuer', async () => {
    const issuers = await rows<{ is_government: boolean; name: string; n: number; short: number }>(
      db,
      sql`
      select i.is_government, i.name, count(r.id)::int as n,
             count(r.id) filter (where length(r.rationale) < 120)::int as short
      from issuers i left join ratings r on r.issuer_id = i.id and r.finstrument_id is null
      group by i.id`,
    );
    for (const i of issuers) {
      if (i.is_government) expect(i.n, i.name).toBe(0);
      else expect([i.n >= 1 && i.n <= 2, i.short], i.name).toEqual([true, 0]);
    }
    const rationales = await rows<{ rationale: string }>(db, sql`select rationale from ratings`);
    for (const { rationale } of rationales) {
      const sentences = rationale.split(/(?<=\.) /).length;
      expect(sentences, rationale).toBeGreaterThanOrEqual(3);
      expect(sentences, rationale).toBeLessThanOrEqual(5);
    }
  });

  it('rates capital instruments a notch or two below their issuer', async () => {
    const notched = await rows<{ seniority: string; bond: string; issuer: string }>(
      db,
      sql`
      select f.seniority, r.rating as bond, ir.rating as issuer
      from finstruments f join ratings r on r.finstrument_id = f.id
      join ratings ir on ir.issuer_id = f.issuer_id and ir.finstrument_id is null and ir.agency = r.agency`,
    );
    const [{ capital }] = await rows<{ capital: number }>(
      db,
      sql`select count(*)::int as capital from finstruments where seniority <> 'SENIOR'`,
    );
    expect(notched.length).toBeGreaterThanOrEqual(capital);
    const scale = RATING_SCALE as readonly string[];
    for (const r of notched) {
      if (r.issuer === 'D') continue;
      expect(scale.indexOf(r.bond) - scale.indexOf(r.issuer), JSON.stringify(r)).toBeGreaterThanOrEqual(1);
    }
  });

  it('stores weekday holidays only, 2024 to 2028', async () => {
    const days = await rows<{ date: string; dow: number }>(db, sql`select date, extract(isodow from date)::int as dow from holidays`);
    expect(days.length).toBeGreaterThan(50);
    for (const d of days) expect(d.dow, d.date).toBeLessThanOrEqual(5);
    expect(
      days
        .map((d) => d.date.slice(0, 4))
        .sort()
        .at(-1),
    ).toBe('2028');
  });
});

describe('seedDemo (small) — clients and users', () => {
  const accountsQuery = sql`
    select u.email, u.password_hash, c.slug, c.tier, c.is_broker, a.roles, a.status,
           coalesce(array_agg(p.code order by p.code) filter (where p.code is not null), '{}') as perms
    from users u join user_accounts a on a.user_id = u.id join clients c on c.id = a.client_id
    left join permissions p on p.user_account_id = a.id
    group by u.id, c.id, a.id`;
  type Account = {
    email: string;
    password_hash: string | null;
    slug: string;
    tier: string;
    is_broker: boolean;
    roles: string[];
    status: string;
    perms: string[];
  };

  it('has a demo login per role at a PREMIUM and a BASIC client, plus a broker dealer', async () => {
    const accounts = await rows<Account>(db, accountsQuery);
    const demoRoles: string[] = [...ROLES];
    for (const tier of ['PREMIUM', 'BASIC']) {
      const ofTier = logins.filter((l) => l.tier === tier && !l.isBroker && !l.isOperator);
      expect(new Set(ofTier.map((l) => l.role))).toEqual(new Set(demoRoles));
      expect(new Set(ofTier.map((l) => l.client)).size).toBe(1);
    }
    const broker = logins.filter((l) => l.isBroker);
    expect(broker.map((l) => l.role)).toEqual(['clientdealer']);
    expect(logins).toHaveLength(18);
    for (const login of logins) {
      expect(login.email.replace('complianceofficer2@', 'complianceofficer@')).toBe(`${login.role}@${login.client}.demo`);
      const account = accounts.find((a) => a.email === login.email);
      expect(account, login.email).toBeDefined();
      expect([account!.slug, account!.tier, account!.is_broker, account!.status]).toEqual([
        login.client,
        login.tier,
        login.isBroker,
        'active',
      ]);
      expect(account!.roles).toContain(login.role);
      expect(await verify(account!.password_hash!, OPTIONS.demoPassword)).toBe(true);
    }
    expect(accounts[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('seeds the venue operator: an ops admin and two compliance officers, no dealers, never a counterparty', async () => {
    const operator = logins.filter((l) => l.isOperator);
    expect(operator.map((l) => [l.email, l.tier])).toEqual([
      ['clientopsadmin@venue.demo', 'PREMIUM'],
      ['complianceofficer@venue.demo', 'PREMIUM'],
      ['complianceofficer2@venue.demo', 'PREMIUM'],
    ]);
    const venue = await rows<{ slug: string; n: number; traders: number }>(
      db,
      sql`
      select c.slug, count(a.id)::int as n, count(p.code)::int as traders
      from clients c left join user_accounts a on a.client_id = c.id
      left join permissions p on p.user_account_id = a.id and p.code = 'client.can_trade'
      where c.is_operator group by c.id`,
    );
    expect(venue).toEqual([{ slug: 'venue', n: 3, traders: 0 }]);
  });

  it('gives compliance and viewer accounts exact role sets, and dealers the right to trade', async () => {
    const accounts = await rows<Account>(db, accountsQuery);
    for (const a of accounts) {
      if (a.roles.includes('complianceofficer')) expect([...a.roles].sort(), a.email).toEqual(['complianceofficer', 'user']);
      if (a.roles.includes('clientviewer')) expect(a.roles, a.email).toEqual(['clientviewer']);
      if (a.roles.includes('clientdealer')) expect(a.perms, a.email).toContain('client.can_trade');
      if (a.roles.includes('clientopsadmin')) expect(a.perms, a.email).toContain('client.view_client');
      if (a.tier === 'PREMIUM') expect(a.perms, a.email).toContain('finstruments.has_security_data_access');
      if (a.tier === 'BASIC') expect(a.perms, a.email).not.toContain('inventory.has_inventory_access');
      if (a.status === 'invited') expect(a.password_hash, a.email).toBeNull();
      expect(a.email.endsWith('.demo'), a.email).toBe(true);
    }
    expect(new Set(accounts.map((a) => a.status))).toEqual(new Set(['active', 'invited', 'inactive']));
  });

  it('seeds ~40 clients of every type with brokers, partners and offline records', async () => {
    const all = await rows<{
      slug: string;
      client_type: string;
      category: string | null;
      is_broker: boolean;
      is_partner: boolean;
      offline_record: boolean;
    }>(db, sql`select * from clients`);
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(new Set(all.map((c) => c.client_type))).toEqual(new Set(['CORP', 'CORP-P', 'INDV', 'INDV-P']));
    for (const c of all) expect(c.category === null, c.slug).toBe(c.client_type.startsWith('CORP'));
    expect(all.some((c) => c.is_broker) && all.some((c) => c.is_partner) && all.some((c) => c.offline_record)).toBe(true);
    const links = await rows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from client_brokers l join clients b on b.id = l.broker_client_id where not b.is_broker`,
    );
    expect(links[0]!.n).toBe(0);
  });
});
