import { describe, expect, it } from 'vitest';
import { modelCoverage } from './coverage';
import { MACHINE_MODELS } from './models';

describe('model coverage: the generated paths cover every state and transition', () => {
  it.each(Object.entries(MACHINE_MODELS))('%s', (_name, model) => {
    const coverage = modelCoverage(model);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
