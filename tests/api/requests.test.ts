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
const file = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/requests/', payload, headers });

describe('requests', () => {
  it('stores an upgrade request of a user, which their OpsAdmin lists', async () => {
    const res = await file(await as('clientdealer@vasuki.demo'), {
      request_type: 'DEPTH_FEATURE',
      message: 'Need depth',
      context: { isin: 'INE002A08534' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      request_type: 'DEPTH_FEATURE',
      status: 'open',
      message: 'Need depth',
      context: { isin: 'INE002A08534' },
      user: { name: 'Aditya Hegde', email: 'clientdealer@vasuki.demo' },
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/requests/', headers: await as('clientopsadmin@vasuki.demo') });
    expect(listed.json().results).toEqual([res.json()]);
  });

  it('accepts every request type of the 402 wall without a message', async () => {
    const headers = await as('user@arihant.demo');
    for (const request_type of ['LIVE_MARKET_UPGRADE', 'DEPTH_FEATURE', 'CASHFLOW_UPGRADE', 'REQUEST_ACCESS_INVENTORY']) {
      expect((await file(headers, { request_type })).json()).toMatchObject({ request_type, message: null, context: {} });
    }
  });

  it('validates the type and the size of the context', async () => {
    const headers = await as('user@arihant.demo');
    expect((await file(headers, { request_type: 'FREE_LUNCH' })).json().fields).toEqual({
      request_type: 'Please choose a valid request type.',
    });
    expect((await file(headers, { request_type: 'CONTACT_FORM', context: { blob: 'x'.repeat(10_001) } })).json().fields).toEqual({
      context: 'The request details are too large.',
    });
  });

  it('is a write, so view-only users are refused', async () => {
    const res = await file(await as('clientviewer@arihant.demo'), { request_type: 'DEPTH_FEATURE' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('VIEW_ONLY');
  });
});
