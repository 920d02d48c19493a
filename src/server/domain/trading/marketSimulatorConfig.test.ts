/** The demo market's settings: on by default in demo mode only, MARKET_SIMULATOR=off turns it off, the rate is configurable. */
import { describe, expect, it } from 'vitest';
import { describeDefaults, loadConfig } from '../../config.js';

describe('MARKET_SIMULATOR settings', () => {
  it('is on in demo mode and off otherwise unless set, every 2 s by default', () => {
    expect(loadConfig({ DEMO: 'on' }).marketSimulator).toEqual({ enabled: true, everyMs: 2_000 });
    expect(loadConfig({ DEMO: 'off' }).marketSimulator.enabled).toBe(false);
    expect(loadConfig({ DEMO: 'on', MARKET_SIMULATOR: 'off' }).marketSimulator.enabled).toBe(false);
    expect(loadConfig({ DEMO: 'off', MARKET_SIMULATOR: 'on', MARKET_SIMULATOR_INTERVAL_MS: '500' }).marketSimulator).toEqual({
      enabled: true,
      everyMs: 500,
    });
  });

  it('refuses a rate below 100 ms, and the start log says how to turn it off', () => {
    expect(() => loadConfig({ MARKET_SIMULATOR_INTERVAL_MS: '50' })).toThrow(/MARKET_SIMULATOR_INTERVAL_MS/);
    expect(describeDefaults(loadConfig({ DEMO: 'on' })).join('\n')).toContain('MARKET_SIMULATOR=off');
  });
});
