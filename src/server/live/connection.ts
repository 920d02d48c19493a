/**
 * One live-feed socket on the server: its user once authenticated, when it was last heard from,
 * and back-pressure — past the send-buffer bound nothing more is queued; once the buffer drains the
 * socket gets a single `refresh` instead of everything it missed.
 */
import { LIVE_CLOSE, type LiveCloseKind, type LiveServerMessage } from '../../shared/contracts/live.js';
import type { Viewer } from './visibility.js';

/** What the connection needs of a socket (the `ws` WebSocket has it). */
export interface SocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
}

const OPEN = 1;

export interface LiveIdentity {
  viewer: Viewer;
  sessionId: string | null;
  expiresAt: Date;
}

export class LiveConnection {
  identity: LiveIdentity | null = null;
  lastHeardAt: number;
  /** Messages were dropped for back-pressure; a `refresh` is owed once the buffer drains. */
  private missed = false;
  private closed = false;

  constructor(
    private readonly socket: SocketLike,
    private readonly sendBufferLimit: number,
    now: number,
  ) {
    this.lastHeardAt = now;
  }

  /** Bytes the socket has queued and not yet sent (metrics). */
  get queuedBytes(): number {
    return this.socket.bufferedAmount;
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === OPEN;
  }

  /** Sends `message` unless the socket is over its buffer bound (then it is dropped and `refresh` owed). */
  send(message: LiveServerMessage): void {
    if (!this.isOpen) return;
    this.settleMissed();
    if (this.missed) return;
    if (this.socket.bufferedAmount > this.sendBufferLimit) {
      this.missed = true;
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Sends the owed `refresh` once the buffer has drained to half the bound. */
  settleMissed(): void {
    if (!this.missed || !this.isOpen || this.socket.bufferedAmount > this.sendBufferLimit / 2) return;
    this.missed = false;
    this.socket.send(JSON.stringify({ type: 'refresh', reason: 'missed_messages' } satisfies LiveServerMessage));
  }

  close(kind: LiveCloseKind): void {
    if (this.closed) return;
    this.closed = true;
    const { code, reason } = LIVE_CLOSE[kind];
    this.socket.close(code, reason);
  }

  markClosed(): void {
    this.closed = true;
  }
}
