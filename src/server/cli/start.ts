/**
 * `npm start`: rebuilds when dist/ is missing or older than any source file, then runs the
 * built server in this process.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findProjectRoot } from '../config.js';
import { buildAll } from './buildAll.js';
import { buildState } from './buildState.js';

const root = findProjectRoot();
const state = buildState(root);
if (state !== 'fresh') {
  process.stdout.write(state === 'missing' ? 'No build yet: building…\n' : 'Sources changed since the last build: rebuilding…\n');
  await buildAll(root);
}
await import(pathToFileURL(join(root, 'dist', 'server', 'main.js')).href);
