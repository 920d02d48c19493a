/** The counterparty search: other clients' active dealers (Member) and those clients (Company), never the caller's own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counterparty } from '../../src/shared/contracts/counterparties';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let dealer: Record<string, string>;
let brokerDealer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  dealer = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
  brokerDealer = bearer((await signIn(t.app, 'clientdealer@trishul.demo')).access);
});
afterAll(async () => {
  await t.close();
});

const search = async (term: string, headers = dealer, scope?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/trade/counterparties/',
    query: { search: term, ...(scope && { scope }) },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Counterparty[] }).results;
};

describe('GET api/trade/counterparties/', () => {
  it('finds the dealers and the firm of another trading client by its name', async () => {
    const found = await search('vasuki');
    const company = found.find((c) => c.group === 'Company');
    expect(company).toMatchObject({
      user_id: null,
      user_name: null,
      name: 'Vasuki Wealth Partners LLP',
      brand_name: 'Vasuki Wealth Partners LLP',
    });
    const byName = await search('Aditya');
    expect(byName).toEqual([
      expect.objectContaining({
        group: 'Member',
        name: 'Aditya Hegde',
        user_name: 'Aditya Hegde',
        brand_name: 'Vasuki Wealth Partners LLP',
        client_id: company?.client_id,
      }),
    ]);
  });

  it("never offers the caller's own client, an inactive dealer, a non-dealer or an offline record", async () => {
    expect(await search('Arihant')).toEqual([]);
    expect(await search('Rohan Mehta')).toEqual([]);
    expect(await search('Tanvi')).toEqual([]);
    expect(await search('Pooja Nair')).toEqual([]);
    expect(await search('Dakshin')).toEqual([]);
  });

  it('finds nothing below 3 characters', async () => {
    expect(await search('va')).toEqual([]);
    expect(await search('  vas  ')).not.toEqual([]);
  });

  it("gives a broker the clients who trade through it as end clients, and nobody else's", async () => {
    expect((await search('Vasuki', brokerDealer, 'end_clients')).map((c) => [c.group, c.name])).toEqual([
      ['Company', 'Vasuki Wealth Partners LLP'],
    ]);
    // Kaveri trades through no broker; a client that is not a broker has no end clients.
    expect(await search('Kaveri', brokerDealer, 'end_clients')).toEqual([]);
    expect(await search('Vasuki', dealer, 'end_clients')).toEqual([]);
  });
});
