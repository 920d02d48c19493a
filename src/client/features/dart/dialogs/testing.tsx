/**
 * Component tests of the trading dialogs against the real server: tests/clientServer/tradingServer.ts
 * runs the app in its own process; every `/api/` request the page makes is passed to it unchanged
 * (msw only forwards, and notes the path so a test can count searches). Other users act through
 * the same API with their own tokens, as their browsers would.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { act, fireEvent, screen } from '@testing-library/react';
import { bypass, http } from 'msw';
import { setupServer } from 'msw/node';
import { waitFor as waitForActor } from 'xstate';
import { expect } from 'vitest';
import { sessionKey } from '../../../app/sessionQueries';
import { renderRoute } from '../../../app/testing';
import { DartDialogHost, useDartDialogs, type DartDialogRequest } from './DartDialogHost';

/** The seeded demo users' password in the test seed (tests/api/setup/seedTemplate.ts). */
const PASSWORD = 'kosh-test-2026';
export const DEALER_A = 'clientdealer@arihant.demo';
export const DEALER_B = 'clientdealer@vasuki.demo';

export interface TestBond { id: number; name: string; faceValue: number; isin: string }

export interface TradingServer {
  base: string;
  bond: TestBond;
  /** Paths (with query) of the requests the page sent, in order. */
  requests: string[];
  /** Tells the server process to do something only a test may (see tradingServer.ts). */
  command(command: Record<string, unknown>): Promise<void>;
  /** Calls the API as `email`. */
  as(email: string): Promise<(method: string, path: string, body?: unknown) => Promise<{ status: number; data: any }>>;
  stop(): Promise<void>;
}

export async function startTradingServer(): Promise<TradingServer> {
  const child: ChildProcessWithoutNullStreams = spawn('node_modules/.bin/tsx', ['tests/clientServer/tradingServer.ts'], { stdio: 'pipe' });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the trading test server ended');
    return value;
  };
  const ready = await nextLine();
  const { port, bond } = JSON.parse(ready.replace(/^READY /, '')) as { port: number; bond: TestBond };
  const base = `http://127.0.0.1:${port}`;
  const requests: string[] = [];
  const msw = setupServer(http.all('*/api/*', async ({ request }) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(bypass(`${base}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body }));
  }));
  msw.listen({ onUnhandledRequest: 'bypass' });

  const call = (token: string) => async (method: string, path: string, body?: unknown) => {
    const res = await fetch(bypass(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
    const text = await res.text();
    return { status: res.status, data: text ? JSON.parse(text) : undefined };
  };
  return {
    base, bond, requests,
    async command(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      await nextLine();
    },
    async as(email) {
      const res = await fetch(bypass(`${base}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) }));
      return call(((await res.json()) as { access: string }).access);
    },
    async stop() {
      msw.close();
      child.stdin.end();
      await new Promise((resolve) => { child.once('exit', resolve); });
    },
  };
}

function Opener({ request }: { request: DartDialogRequest }) {
  const dialogs = useDartDialogs();
  return <button type="button" onClick={() => dialogs.open(request)}>Open dialog</button>;
}

/** Signs `email` in through the app's session and opens the dialog of `request` from the host. */
export async function openDialog(email: string, request: DartDialogRequest) {
  const view = renderRoute(<DartDialogHost><Opener request={request} /></DartDialogHost>, '/');
  // The app first tries to restore a session (there is none), then takes the sign-in.
  await act(() => waitForActor(view.system.session, (s) => s.matches('unauthenticated'), { timeout: 10_000 }));
  act(() => view.system.session.send({ type: 'session.signIn', credentials: { kind: 'password', email, password: PASSWORD } }));
  await act(() => waitForActor(view.system.session, (s) => s.matches('authenticated'), { timeout: 10_000 }));
  expect(view.system.queryClient.getQueryData(sessionKey)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

/** Types into a field as a user would. */
export const typeInto = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
