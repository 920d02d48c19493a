import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, headerOf, loadMachines, MACHINES_DIR, renderMachineDoc } from './machineDocs';

describe('docs/machines', () => {
  it('has a current page for every machine (run `npm run machines:docs` after changing one)', async () => {
    const machines = await loadMachines();
    expect(machines.length).toBeGreaterThanOrEqual(3);
    for (const { file, machine } of machines) {
      const page = join(DOCS_DIR, `${machine.id}.md`);
      expect(existsSync(page), `${page} is missing`).toBe(true);
      const expected = renderMachineDoc(machine, file, headerOf(readFileSync(join(MACHINES_DIR, file), 'utf8')));
      expect(readFileSync(page, 'utf8'), `${page} is stale`).toBe(expected);
    }
  });
});
