/**
 * The lint rules of the house style, each shown to catch a planted violation (and to leave the
 * allowed place alone): React hooks rules, the one fetch client, timers out of machines, and the
 * dependency direction between client, server, machines and shared.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { findProjectRoot } from '../../src/server/config';

// The first lint builds the TypeScript program the type-aware rules read: half a minute alone, well
// over a minute on a loaded 2-core runner. It is done once here, under its own limit.
const BUILD_PROGRAM_MS = 300_000;
// Each later lint re-checks one planted file against that program: seconds, ten under load.
const LINT_ONE_FILE_MS = 60_000;

let eslint: ESLint;
beforeAll(async () => {
  const cwd = findProjectRoot();
  eslint = new ESLint({ cwd, overrideConfigFile: `${cwd}/.config/eslint.config.js` });
  await eslint.lintFiles([`${cwd}/src/shared/clock.ts`]);
}, BUILD_PROGRAM_MS);

/**
 * The rules that report on `code` as the file at `filePath`. The file is written for the lint and
 * removed after: type-aware rules read it through the TypeScript project, as they do real files.
 */
async function rulesReported(filePath: string, code: string): Promise<string[]> {
  const path = `${findProjectRoot()}/${filePath}`;
  writeFileSync(path, code);
  try {
    const [result] = await eslint.lintFiles([path]);
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
  } finally {
    rmSync(path, { force: true });
  }
}

describe('lint rules for the rules we state', { timeout: LINT_ONE_FILE_MS }, () => {
  it('reports a ref written during render (react-hooks)', async () => {
    const code = `import { useRef } from 'react';
export function Planted({ value }: { value: number }) { const last = useRef(0); last.current = value; return null; }`;
    expect(await rulesReported('src/client/ui/Planted.tsx', code)).toContain('react-hooks/refs');
  });

  it('reports a hook called conditionally (react-hooks)', async () => {
    const code = `import { useState } from 'react';
export function Planted({ on }: { on: boolean }) { if (on) { useState(0); } return null; }`;
    expect(await rulesReported('src/client/ui/Planted.tsx', code)).toContain('react-hooks/rules-of-hooks');
  });

  it('reports fetch outside src/client/api, and allows it inside', async () => {
    const code = `export const load = () => fetch('/api/x/');\nexport const again = () => window.fetch('/api/x/');`;
    expect(await rulesReported('src/client/features/find/planted.ts', code)).toEqual(['no-restricted-globals', 'no-restricted-properties']);
    expect(await rulesReported('src/client/api/planted.ts', code)).toEqual([]);
  });

  it('reports a timer in a machine, and allows one in its tests', async () => {
    const code = `export const later = (f: () => void) => setTimeout(f, 10);\nexport const every = (f: () => void) => setInterval(f, 10);`;
    expect(await rulesReported('machines/planted.machine.ts', code)).toEqual(['no-restricted-globals', 'no-restricted-globals']);
    expect(await rulesReported('machines/planted.machine.test.ts', code)).toEqual([]);
  });

  it('reports a promise nobody awaits or handles, and allows one marked void', async () => {
    const code = `const save = async () => undefined;\nexport function planted() { save(); }\nexport function allowed() { void save(); }`;
    expect(await rulesReported('src/server/planted.ts', code)).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('reports an import across client and server, or from shared into machines', async () => {
    expect(await rulesReported('src/client/ui/planted.ts', `export { buildApp } from '../../server/app';`)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesReported('src/server/planted.ts', `export { App } from '../client/app/App';`)).toEqual(['no-restricted-imports']);
    expect(await rulesReported('src/shared/planted.ts', `export { sessionMachine } from '../../machines/session.machine';`)).toEqual([
      'no-restricted-imports',
    ]);
  });
});
