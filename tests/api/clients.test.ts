import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const as = async (email: string) => bearer((await signIn(t.app, email)).access);
const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET api/client/', () => {
  it("returns the caller's client with the PAN masked", async () => {
    const res = await get('/api/client/', await as('clientdealer@arihant.demo'));
    expect(res.json()).toMatchObject({
      name: 'Arihant Treasury Services Private Limited',
      slug: 'arihant',
      client_type: 'CORP',
      segment: 'INSTITUTIONAL',
      category: null,
      tier: 'PREMIUM',
      website: 'https://arihant.demo',
      state: 'Maharashtra',
      exchanges: ['NSCCL', 'ICCL'],
      is_broker: false,
      is_partner: false,
    });
    expect(res.json().pan).toMatch(/^[A-Z]{5}\*{4}[A-Z]$/);
  });
});

describe('PUT api/client/:id/', () => {
  it('edits name, website, state and segment of the own client', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    const { id } = (await get('/api/client/', headers)).json();
    const patch = { name: 'Arihant Treasury Services Pvt. Ltd.', website: 'www.arihant-treasury.in', state: 'Gujarat', segment: 'WDM' };
    const res = await t.app.inject({ method: 'PUT', url: `/api/client/${id}/`, payload: patch, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(patch);
    const cleared = await t.app.inject({ method: 'PUT', url: `/api/client/${id}/`, payload: { website: '' }, headers });
    expect(cleared.json()).toMatchObject({ website: null, name: patch.name });
  });

  it('validates with clear messages', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    const { id } = (await get('/api/client/', headers)).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/client/${id}/`,
      payload: { name: ' ', website: 'not a site', state: 'Atlantis', segment: 'RETAIL' },
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      website: 'Please enter a valid website.',
      state: 'Please select a valid state.',
      segment: 'Please select a valid segment.',
    });
  });
});

describe('PATCH api/client/chat-terms/', () => {
  it("records the caller's acceptance", async () => {
    const headers = await as('user@vasuki.demo');
    expect((await get('/api/client/', headers)).json().has_accepted_chat_terms).toBe(false);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/client/chat-terms/', headers });
    expect(res.json()).toEqual({ has_accepted_chat_terms: true });
    expect((await get('/api/client/', headers)).json().has_accepted_chat_terms).toBe(true);
    expect((await get('/api/session/', headers)).json().user_info.has_accepted_chat_terms).toBe(true);
  });
});

describe('GET api/clients/', () => {
  it('lists clients, filtered by search, partner and offline flags, at most 50', async () => {
    const headers = await as('clientopsadmin@arihant.demo');
    const all = (await get('/api/clients/', headers)).json().results;
    expect(all.length).toBeGreaterThan(30);
    expect(all.length).toBeLessThanOrEqual(50);
    const banks = (await get('/api/clients/?search=bank', headers)).json().results as { name: string }[];
    expect(banks.length).toBeGreaterThan(0);
    expect(banks.every((c) => /bank/i.test(c.name))).toBe(true);
    const partners = (await get('/api/clients/?is_partner=true&offline_record=true', headers)).json().results;
    expect(partners.map((c: { slug: string }) => c.slug).sort()).toEqual(['gopal-reddy', 'kalinga-planners']);
  });

  it('needs client.view_client', async () => {
    expect((await get('/api/clients/', await as('clientdealer@arihant.demo'))).statusCode).toBe(403);
  });
});

describe('GET api/client/search-custodians/', () => {
  it('finds custodians by name', async () => {
    const headers = await as('clientdealer@vasuki.demo');
    expect((await get('/api/client/search-custodians/', headers)).json().map((c: { name: string }) => c.name)).toEqual([
      'Deccan Small Finance Bank Limited',
      'Narmada Co-operative Bank Limited',
    ]);
    const narmada = (await get('/api/client/search-custodians/?search_param=narmada', headers)).json();
    expect(narmada).toEqual([{ client_id: expect.any(Number), name: 'Narmada Co-operative Bank Limited' }]);
    expect((await get('/api/client/search-custodians/?search_param=arihant', headers)).json()).toEqual([]);
  });
});

describe('GET api/client/by-website/', () => {
  it('finds the client by its website host, ignoring scheme, www and path', async () => {
    for (const website of ['https://vasuki.demo', 'vasuki.demo', 'http://www.VASUKI.demo/about']) {
      const res = await get(`/api/client/by-website/?website=${encodeURIComponent(website)}`);
      expect(res.json()).toEqual({ id: expect.any(Number), name: 'Vasuki Wealth Partners LLP' });
    }
    expect((await get('/api/client/by-website/?website=asuki.demo')).statusCode).toBe(404);
    expect((await get('/api/client/by-website/')).json().fields).toEqual({ website: 'Website is required' });
    expect((await get('/api/client/by-website/?website=nothing')).json().fields).toEqual({ website: 'Please enter a valid website.' });
  });
});
