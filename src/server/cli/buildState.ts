/** Whether dist/ is older than the sources it is built from. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_INFO_FILE } from '../buildInfo.js';

const SOURCES = ['src', 'machines', 'public', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** 'missing' when never built, 'stale' when a source changed since, else 'fresh'. */
export function buildState(root: string): 'missing' | 'stale' | 'fresh' {
  const stamp = join(root, BUILD_INFO_FILE);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'server', 'main.js'))) return 'missing';
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  return statSync(stamp).mtimeMs < sourcesAt ? 'stale' : 'fresh';
}
