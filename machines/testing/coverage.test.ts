import { describe, expect, it } from 'vitest';
import { modelCoverage } from './coverage';
import { MACHINE_MODELS } from './models';

// Each case walks a machine's whole graph and replays every path (hundreds for pricingMode): about a
// second alone, ten under load on a shared 2-core runner — past vitest's 5 s, so the limit is generous.
const WALK_AND_REPLAY_MS = 60_000;

describe('model coverage: the generated paths cover every state and transition', { timeout: WALK_AND_REPLAY_MS }, () => {
  it.each(Object.entries(MACHINE_MODELS))('%s', (_name, model) => {
    const coverage = modelCoverage(model);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
