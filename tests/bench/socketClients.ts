/** The benches' socket clients (livefeedClients.ts) run in child processes, and the percentile they are summarised by. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const clientsScript = fileURLToPath(new URL('./livefeedClients.ts', import.meta.url));

/**
 * Opens `count` sockets in a child process per url (split evenly over `urls`); resolves when all are
 * authenticated. `token`: one token for every socket, or `@file` with one per socket.
 */
export async function openClients(urls: readonly string[], count: number, token?: string) {
  const children = urls.map((url, i) => {
    const share = Math.floor(count / urls.length) + (i < count % urls.length ? 1 : 0);
    return spawn('npx', ['tsx', clientsScript, url, String(share), ...(token ? [token] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
  });
  const lines = children.map((child) => createInterface({ input: child.stdout! })[Symbol.asyncIterator]());
  for (const line of lines) if ((await line.next()).value !== 'READY') throw new Error('clients failed to start');
  return {
    /** Closes the sockets and answers when each mark arrived, at every socket that got it. */
    async report(): Promise<Record<string, number[]>> {
      const merged: Record<string, number[]> = {};
      for (const [i, child] of children.entries()) {
        child.stdin!.write('report\n');
        const arrivals = JSON.parse((await lines[i]!.next()).value as string) as Record<string, number[]>;
        for (const [mark, times] of Object.entries(arrivals)) (merged[mark] ??= []).push(...times);
        await once(child, 'exit');
      }
      return merged;
    },
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Wall-clock milliseconds comparable across processes on this machine. */
export const now = () => performance.timeOrigin + performance.now();
