/**
 * The benchmark's socket clients, in a process of their own: opens `count` Node `ws` sockets to
 * `url`, authenticates them (when given a token, or `@file` naming a JSON array of tokens: socket i
 * uses the i-th, as many users), says READY, records when each message carrying a mark arrives (a
 * chat message's `m<messageId>`, else its `event_id` or `seq`), and on "report" prints those
 * arrival times as JSON.
 * Usage: tsx livefeedClients.ts <url> <count> [token | @tokens.json]
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const [url, countText, tokenArg] = process.argv.slice(2);
const count = Number(countText);
const tokens: readonly string[] | null = tokenArg?.startsWith('@')
  ? (JSON.parse(readFileSync(tokenArg.slice(1), 'utf8')) as string[])
  : null;
const tokenOf = (i: number) => tokens?.[i] ?? tokenArg;
const arrivals: Record<string, number[]> = {};
const now = () => performance.timeOrigin + performance.now();

function open(i: number): Promise<WebSocket> {
  const token = tokenOf(i);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url!);
    let ready = false;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event_id?: number; seq?: number; message?: { messageId?: number } };
      if (!ready) {
        ready = true;
        resolve(ws);
        return;
      }
      const mark = message.message?.messageId !== undefined ? `m${message.message.messageId}` : (message.event_id ?? message.seq);
      if (mark !== undefined) (arrivals[mark] ??= []).push(now());
    });
    ws.on('open', () => {
      if (token) ws.send(JSON.stringify({ type: 'auth', token }));
      else ws.send('hello');
    });
    ws.on('error', reject);
  });
}

const sockets: WebSocket[] = [];
// A few at a time: a burst of thousands of handshakes is not what is being measured.
for (let i = 0; i < count; i += 50)
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => open(i + j)))));
// The server closes sockets silent for 30 s: keep them talking as the browser does.
const pinger = setInterval(() => {
  for (const ws of sockets) ws.send(tokenArg ? '{"type":"ping"}' : 'ping');
}, 10_000);
process.stdout.write('READY\n');

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'report') continue;
  clearInterval(pinger);
  for (const ws of sockets) ws.terminate();
  // Exit only once the (large) report is flushed to the pipe.
  process.stdout.write(`${JSON.stringify(arrivals)}\n`, () => process.exit(0));
}
