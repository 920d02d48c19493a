import { describe, expect, it } from 'vitest';
import { MACHINE_MODELS } from './models';
import { replay, transitionCover } from './replayPaths';

// Every edge of every machine's graph, replayed on a live actor: the state reached must be the
// state the graph predicts.
describe.each(Object.entries(MACHINE_MODELS))('%s paths (generated from the graph)', (_name, model) => {
  for (const input of model.inputs) {
    const cases = transitionCover(model.machine, { events: model.events as never, input: input as never });
    it.each(cases.map((c) => [c.name, c] as const))(`from ${JSON.stringify(input) ?? 'start'}: %s`, (_case, c) => {
      expect(replay(model.machine, input as never, c.events).value).toEqual(c.expected.value);
    });
  }
});
