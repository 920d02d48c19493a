/** Whether dist/ is older than the sources it is built from, or was built with other options. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_INFO_FILE, type BuildOptions } from '../buildInfo.js';

const SOURCES = ['src', 'machines', 'public', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** 'missing' when never built, 'stale' when a source or an option changed since, else 'fresh'. */
export function buildState(root: string, options: BuildOptions): 'missing' | 'stale' | 'fresh' {
  const stamp = join(root, BUILD_INFO_FILE);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'server', 'main.js'))) return 'missing';
  const built = (JSON.parse(readFileSync(stamp, 'utf8')) as { options?: BuildOptions }).options;
  if (built?.inspector !== options.inspector) return 'stale';
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  return statSync(stamp).mtimeMs < sourcesAt ? 'stale' : 'fresh';
}
