import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '../../shared/contracts/live.js';
import { LiveConnection, type SocketLike } from './connection.js';

/** A socket whose send buffer the test fills and drains, as a slow reader's would. */
function slowSocket() {
  const sent: unknown[] = [];
  const socket: SocketLike & { bufferedAmount: number } = {
    bufferedAmount: 0,
    readyState: 1,
    send: (data) => {
      sent.push(JSON.parse(data));
      socket.bufferedAmount += data.length;
    },
    close: () => undefined,
  };
  return { socket, sent };
}

const update = (n: number): LiveServerMessage => ({ type: 'partial_refresh', topic: 'users', ids: [String(n)] });

describe('back-pressure on a live socket', () => {
  it('past the buffer bound drops messages instead of queueing them, then sends one refresh once drained', () => {
    const { socket, sent } = slowSocket();
    const connection = new LiveConnection(socket, 1_000, 0);
    connection.send(update(1));
    socket.bufferedAmount = 1_001; // the reader stopped reading
    for (let n = 2; n < 500; n += 1) connection.send(update(n));
    expect(sent).toEqual([update(1)]);

    socket.bufferedAmount = 600; // still above half the bound: keep dropping
    connection.send(update(500));
    expect(sent).toHaveLength(1);

    socket.bufferedAmount = 0;
    connection.send(update(501));
    expect(sent).toEqual([update(1), { type: 'refresh', reason: 'missed_messages' }, update(501)]);
  });

  it('the heartbeat settles an owed refresh even when no new message comes', () => {
    const { socket, sent } = slowSocket();
    const connection = new LiveConnection(socket, 1_000, 0);
    socket.bufferedAmount = 5_000;
    connection.send(update(1));
    socket.bufferedAmount = 0;
    connection.settleMissed();
    connection.settleMissed();
    expect(sent).toEqual([{ type: 'refresh', reason: 'missed_messages' }]);
  });
});
