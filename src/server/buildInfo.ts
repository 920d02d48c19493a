/** The version and build id this process serves (written by the build; 'dev' when run from source). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from './appContext.js';

export const BUILD_INFO_FILE = join('dist', 'build-info.json');

/** What a build compiles in; a build made with other options is stale. */
export interface BuildOptions {
  inspector: boolean;
}

/** Reads dist/build-info.json, falling back to package.json's version with a 'dev' build id. */
export function readBuildInfo(root: string): BuildInfo {
  const file = join(root, BUILD_INFO_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { version: pkg.version, id: 'dev' };
}
