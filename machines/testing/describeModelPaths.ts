/**
 * The generated path tests of one machine: its transition cover, every path checked by the
 * model's hand-written oracle, and, pinned as a snapshot so that a changed edge shows up in
 * review, the shortest path to each distinct edge (state —event→ state).
 */
import { describe, expect, it } from 'vitest';
import { checkInitial, runPath, transitionCover } from './cover';
import type { MachineModel } from './machineModel';

export function describeModelPaths(name: string, model: MachineModel) {
  describe(`${name}: paths generated from the graph, checked by the hand-written oracle`, () => {
    for (const input of model.inputs) {
      const from = `from ${JSON.stringify(input) ?? 'start'}`;
      const cover = transitionCover(model, input);
      it(`${from}: starts as the oracle says`, () => checkInitial(model, input));
      it(`${from}: the edges and their shortest paths are the reviewed ones`, () => {
        const firstByEdge = new Map<string, string>();
        for (const c of cover) if (!firstByEdge.has(c.edge)) firstByEdge.set(c.edge, c.description);
        expect([...firstByEdge.values()]).toMatchSnapshot();
      });
      it.each(cover.map((c) => [c.description, c] as const))(`${from}: %s`, (_description, c) => runPath(model, input, c));
    }
  });
}
