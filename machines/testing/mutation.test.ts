import { describe, expect, it } from 'vitest';
import { checkInitial, runPath, transitionCover } from './cover';
import type { MachineModel } from './machineModel';
import { MACHINE_MODELS } from './models';
import { retargetMutants } from './mutants';

/** Whether the generated paths, checked by the model's oracle, reject `model` (a mutant). */
async function isRejected(model: MachineModel): Promise<boolean> {
  try {
    for (const input of model.inputs) {
      checkInitial(model, input);
      for (const path of transitionCover(model, input)) await runPath(model, input, path);
    }
    return false;
  } catch {
    return true;
  }
}

// The generated tests can fail: every machine with one edge retargeted must fail them. Each
// machine replays all its paths once per mutant (hundreds for pricingMode): seconds of CPU, so the
// time limit is generous for a loaded machine.
const REPLAY_ALL_MUTANTS_MS = 120_000;

describe.each(Object.entries(MACHINE_MODELS))('%s: mutants with one edge retargeted', (_name, model) => {
  it(
    'each fails the generated path tests',
    async () => {
      const mutants = retargetMutants(model.machine).filter((m) => !model.equivalentMutants?.[m.description]);
      const survivors: string[] = [];
      for (const mutant of mutants) if (!(await isRejected({ ...model, machine: mutant.machine }))) survivors.push(mutant.description);
      expect(mutants.length).toBeGreaterThan(0);
      expect(survivors).toEqual([]);
    },
    REPLAY_ALL_MUTANTS_MS,
  );
});
