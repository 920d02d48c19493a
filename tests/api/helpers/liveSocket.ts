/** A Node `ws` client of ws/trade/d/ for tests: messages in order, and how the socket closed. */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { LIVE_PATH, liveServerMessageSchema, type LiveServerMessage } from '../../../src/shared/contracts/live';

/** Listens on a free port (once) and returns the live feed's URL. */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}${LIVE_PATH}`;
}

export interface Closed {
  code: number;
  reason: string;
}

export class LiveSocket {
  private readonly inbox: LiveServerMessage[] = [];
  private readonly waiting: { resolve: (m: LiveServerMessage) => void; reject: (e: Error) => void }[] = [];
  readonly closed: Promise<Closed>;

  private constructor(readonly ws: WebSocket) {
    // A connection cut mid-handshake or mid-stream ends in 'close'; the error itself adds nothing.
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      // Every message must match the shared contract: a server message that does not is a test failure.
      const message = liveServerMessageSchema.parse(JSON.parse(String(data)));
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(message);
      else this.inbox.push(message);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const waiter of this.waiting.splice(0)) waiter.reject(new Error(`socket closed (${code})`));
      }),
    );
  }

  static async open(url: string): Promise<LiveSocket> {
    const ws = new WebSocket(url);
    const socket = new LiveSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens a socket and authenticates it; resolves after the server's `refresh` (connected). */
  static async signedIn(url: string, token: string): Promise<LiveSocket> {
    const socket = await LiveSocket.open(url);
    socket.send({ type: 'auth', token });
    const first = await socket.next();
    if (first.type !== 'refresh' || first.reason !== 'connected') throw new Error(`expected refresh, got ${JSON.stringify(first)}`);
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message not yet read; rejects if the socket closes first. */
  next(): Promise<LiveServerMessage> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.reject(new Error('socket closed'));
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Pings and returns every message that arrived before the pong (the socket's backlog, in order). */
  async drain(): Promise<LiveServerMessage[]> {
    this.send({ type: 'ping' });
    const before: LiveServerMessage[] = [];
    for (let m = await this.next(); m.type !== 'pong'; m = await this.next()) before.push(m);
    return before;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}
