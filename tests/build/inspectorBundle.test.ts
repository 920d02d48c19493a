/**
 * INSPECTOR=off must leave the machine inspector out of the client bundle, not merely hide it:
 * builds the client in memory with the flag off and looks at what went in.
 */
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function clientBundle(inspector: boolean): Promise<{ modules: string[]; code: string }> {
  const result = (await build({
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    define: { __KOSH_INSPECTOR__: JSON.stringify(inspector) },
    build: { write: false, minify: false, sourcemap: false, reportCompressedSize: false },
  })) as Rollup.RollupOutput;
  const chunks = result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  return { modules: chunks.flatMap((c) => Object.keys(c.modules)), code: chunks.map((c) => c.code).join('\n') };
}

describe('client bundle and the machine inspector', () => {
  it('with INSPECTOR on, holds the inspector page and mermaid (lazy chunks)', { timeout: 240_000 }, async () => {
    const { modules } = await clientBundle(true);
    expect(modules.some((m) => m.includes('features/dev/MachineInspectorPage'))).toBe(true);
    expect(modules.some((m) => m.includes('node_modules/mermaid/'))).toBe(true);
  });

  it('with INSPECTOR off, holds neither the inspector page, nor mermaid, nor the actor recorder', { timeout: 240_000 }, async () => {
    const { modules, code } = await clientBundle(false);
    expect(modules.some((m) => m.includes('features/dev/InspectorOff'))).toBe(true);
    expect(
      modules.filter((m) => /MachineInspectorPage|MachineDiagram|stateDiagram|node_modules\/(mermaid|@xstate\/graph)\//.test(m)),
    ).toEqual([]);
    expect(code).not.toContain('createActorRecorder');
  });
});
