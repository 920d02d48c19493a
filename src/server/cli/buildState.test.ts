import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE } from '../buildInfo';
import { buildState } from './buildState';

function project(built?: { inspector: boolean }) {
  const root = mkdtempSync(join(tmpdir(), 'kosh-build-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.ts'), '');
  utimesSync(join(root, 'src', 'main.ts'), new Date(1_000), new Date(1_000));
  utimesSync(join(root, 'src'), new Date(1_000), new Date(1_000));
  if (built) {
    mkdirSync(join(root, 'dist', 'server'), { recursive: true });
    writeFileSync(join(root, 'dist', 'server', 'main.js'), '');
    writeFileSync(join(root, BUILD_INFO_FILE), JSON.stringify({ version: '1', id: 'b', options: built }));
  }
  return root;
}

describe('build state', () => {
  it('is missing before the first build', () => {
    expect(buildState(project(), { inspector: true })).toBe('missing');
  });

  it('is fresh when built after the sources with the same options', () => {
    expect(buildState(project({ inspector: false }), { inspector: false })).toBe('fresh');
  });

  it('is stale when INSPECTOR changed since the build, so the inspector is compiled in or out', () => {
    expect(buildState(project({ inspector: false }), { inspector: true })).toBe('stale');
    expect(buildState(project({ inspector: true }), { inspector: false })).toBe('stale');
  });

  it('is stale when a source is newer than the build', () => {
    const root = project({ inspector: true });
    writeFileSync(join(root, 'src', 'later.ts'), '');
    utimesSync(join(root, BUILD_INFO_FILE), new Date(2_000), new Date(2_000));
    expect(buildState(root, { inspector: true })).toBe('stale');
  });
});
