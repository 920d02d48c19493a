/**
 * A client for the real app that tests/clientServer/tradingServer.ts runs in its own process, for
 * component tests in jsdom: every `/api/` request the page makes is passed to it unchanged (msw only
 * forwards, and notes the path so a test can count searches). Other users act through the same API
 * with their own tokens, as their browsers would.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bypass, http } from 'msw';
import { setupServer } from 'msw/node';

/** The seeded demo users' password in the test seed (tests/api/setup/seedTemplate.ts). */
export const TEST_PASSWORD = 'kosh-test-2026';
export const DEALER_A = 'clientdealer@arihant.demo';
export const DEALER_B = 'clientdealer@vasuki.demo';
/** A dealer at a broker (Trishul): Vasuki and Arihant trade through it. */
export const BROKER = 'clientdealer@trishul.demo';
/** Arihant's price-override user: may quote at their own price instead of the engine's. */
export const PRICE_OVERRIDER = 'priceoverride@arihant.demo';

export interface TestBond {
  id: number;
  name: string;
  faceValue: number;
  isin: string;
}

/** Calls the API as one user; `T` is what the test expects the answer to hold. */
export type ApiCaller = <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; data: T }>;

export interface TradingServer {
  base: string;
  bond: TestBond;
  /** Paths (with query) of the requests the page sent, in order. */
  requests: string[];
  /** Tells the server process to do something only a test may (see tradingServer.ts). */
  command(command: Record<string, unknown>): Promise<void>;
  /** Calls the API as `email`. */
  as(email: string): Promise<ApiCaller>;
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
  const msw = setupServer(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return fetch(bypass(`${base}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body }));
    }),
  );
  msw.listen({ onUnhandledRequest: 'bypass' });

  const call =
    (token: string): ApiCaller =>
    async <T>(method: string, path: string, body?: unknown) => {
      const res = await fetch(
        bypass(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const text = await res.text();
      return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
    };
  return {
    base,
    bond,
    requests,
    async command(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      await nextLine();
    },
    async as(email) {
      const res = await fetch(
        bypass(`${base}/api/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: TEST_PASSWORD }),
        }),
      );
      return call(((await res.json()) as { access: string }).access);
    },
    async stop() {
      msw.close();
      child.stdin.end();
      await new Promise((resolve) => {
        child.once('exit', resolve);
      });
    },
  };
}
