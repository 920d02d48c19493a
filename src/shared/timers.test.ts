import { describe, expect, it } from 'vitest';
import { simulatedTime } from './timers.js';

describe('simulated time', () => {
  it('fires intervals and timeouts in due order as time advances, at their due time', () => {
    const time = simulatedTime('2026-11-20T00:00:00Z');
    const fired: string[] = [];
    time.every(1_000, () => fired.push(`tick@${time.now().getTime() % 10_000}`));
    time.after(1_500, () => fired.push(`once@${time.now().getTime() % 10_000}`));
    const cancel = time.after(2_500, () => fired.push('cancelled'));
    cancel();
    time.advance(3_000);
    expect(fired).toEqual(['tick@1000', 'once@1500', 'tick@2000', 'tick@3000']);
    expect(time.now().toISOString()).toBe('2026-11-20T00:00:03.000Z');
  });

  it('does nothing before a timer is due', () => {
    const time = simulatedTime('2026-11-20T00:00:00Z');
    let fired = 0;
    time.after(1_000, () => {
      fired += 1;
    });
    time.advance(999);
    expect(fired).toBe(0);
    time.advance(1);
    expect(fired).toBe(1);
  });
});
