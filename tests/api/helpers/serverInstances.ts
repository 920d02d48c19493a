/** Real server processes for the scale-out tests: started on a free port over a shared PostgreSQL and Redis, called over HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LiveSocket } from './liveSocket';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface Instance {
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
}

/** Starts `src/server/main.ts` on `dbUrl` and the Redis bus under `redisPrefix`; resolves once it reports ready. */
export async function startInstance(
  dbUrl: string,
  redisUrl: string,
  redisPrefix: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /is ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearInterval(check);
        resolve(Number(match[1]));
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`instance exited (${code}): ${output}`));
    });
  });
  return { port, child, output: () => output, exited };
}

/** JSON over HTTP to one instance (or the proxy's port). */
export const httpTo =
  (port: number) =>
  async (method: string, path: string, body?: unknown, access?: string): Promise<{ status: number; json: Record<string, unknown> }> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(access && { authorization: `Bearer ${access}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

/** Signs in again as the client's backoff does, retrying while a dying instance's port goes away. */
export async function reconnect(url: string, token: string, attempts = 5): Promise<LiveSocket> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await LiveSocket.signedIn(url, token);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
