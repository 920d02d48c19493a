import { describe, expect, it, vi } from 'vitest';
import { simulatedTime } from '../../shared/timers';
import { createReceipts } from './receipts';

function setup(compliance = false) {
  const time = simulatedTime('2026-11-25T10:00:00Z');
  const client = { markRead: vi.fn(async () => undefined), markDelivered: vi.fn(async () => undefined) };
  const receipts = createReceipts({ client, timers: time, isComplianceRoute: () => compliance });
  return { time, client, receipts };
}

describe('read and delivered marking (spec 02 §4)', () => {
  it('marks a channel read only when it has unread messages', async () => {
    const { client, receipts } = setup();
    expect(await receipts.markRead({ url: 'ch-1', unreadMessageCount: 0 })).toBe(false);
    expect(await receipts.markRead({ url: 'ch-1', unreadMessageCount: 2 })).toBe(true);
    expect(client.markRead.mock.calls).toEqual([['ch-1']]);
  });

  it('throttles delivered marking to once a second per channel, keeping the last ask', () => {
    const { time, client, receipts } = setup();
    receipts.markDelivered('ch-1');
    receipts.markDelivered('ch-1');
    receipts.markDelivered('ch-1');
    receipts.markDelivered('ch-2');
    expect(client.markDelivered.mock.calls).toEqual([['ch-1'], ['ch-2']]);
    time.advance(999);
    expect(client.markDelivered).toHaveBeenCalledTimes(2);
    time.advance(1);
    expect(client.markDelivered.mock.calls).toEqual([['ch-1'], ['ch-2'], ['ch-1']]);
    // A quiet second later the next ask goes at once.
    time.advance(2_000);
    receipts.markDelivered('ch-2');
    expect(client.markDelivered).toHaveBeenCalledTimes(4);
  });

  it('skips delivered marking on the compliance route', () => {
    const { client, receipts } = setup(true);
    receipts.markDelivered('ch-1');
    expect(client.markDelivered).not.toHaveBeenCalled();
  });

  it('stop drops a pending trailing mark', () => {
    const { time, client, receipts } = setup();
    receipts.markDelivered('ch-1');
    receipts.markDelivered('ch-1');
    receipts.stop();
    time.advance(5_000);
    expect(client.markDelivered).toHaveBeenCalledTimes(1);
  });
});
