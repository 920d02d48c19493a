import { describe, expect, it } from 'vitest';
import { simulatedTime } from '../../shared/timers';
import { createChannelPolling } from './channelPolling';

const MIN = 60_000;

function setup() {
  const time = simulatedTime('2026-11-25T10:00:00Z');
  const refreshed: string[][] = [];
  let batch: string[] = [];
  const polling = createChannelPolling({
    timers: time,
    isDirect: (url) => url.startsWith('d'),
    refresh: async (url) => {
      batch.push(url);
    },
  });
  const tick = (ms: number) => {
    time.advance(ms);
    if (batch.length) {
      refreshed.push(batch);
      batch = [];
    }
  };
  return { polling, refreshed, tick };
}

describe('channel polling (spec 02 §4, §9)', () => {
  it('every 10 minutes refreshes the visible direct channels, 5 at a time, a minute apart', () => {
    const { polling, refreshed, tick } = setup();
    for (let i = 1; i <= 12; i += 1) polling.reportVisibility(`d${i}`, 1);
    polling.reportVisibility('group-1', 1);
    tick(10 * MIN - 1);
    expect(refreshed).toEqual([]);
    tick(1);
    tick(MIN);
    tick(MIN);
    expect(refreshed).toEqual([
      ['d1', 'd2', 'd3', 'd4', 'd5'],
      ['d6', 'd7', 'd8', 'd9', 'd10'],
      ['d11', 'd12'],
    ]);
    tick(7 * MIN);
    expect(refreshed).toHaveLength(3);
    tick(MIN);
    expect(refreshed).toHaveLength(4);
  });

  it('polls only channels at least 10 % visible', () => {
    const { polling, refreshed, tick } = setup();
    polling.reportVisibility('d1', 0.1);
    polling.reportVisibility('d2', 0.09);
    polling.reportVisibility('d3', 0.5);
    polling.reportVisibility('d3', 0);
    tick(10 * MIN);
    expect(refreshed).toEqual([['d1']]);
  });

  it('stop ends polling, pending batches included', () => {
    const { polling, refreshed, tick } = setup();
    for (let i = 1; i <= 7; i += 1) polling.reportVisibility(`d${i}`, 1);
    tick(10 * MIN);
    polling.stop();
    tick(30 * MIN);
    expect(refreshed).toEqual([['d1', 'd2', 'd3', 'd4', 'd5']]);
  });
});
