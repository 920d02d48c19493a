/**
 * `npm start`: rebuilds when dist/ is missing, older than any source file or built with another
 * INSPECTOR setting, then runs the built server in this process.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findProjectRoot, loadConfig } from '../config.js';
import { buildAll } from './buildAll.js';
import { buildState } from './buildState.js';

const root = findProjectRoot();
const options = { inspector: loadConfig().inspector };
const state = buildState(root, options);
if (state !== 'fresh') {
  process.stdout.write(
    state === 'missing' ? 'No build yet: building…\n' : 'Sources or options changed since the last build: rebuilding…\n',
  );
  await buildAll(root, options);
}
await import(pathToFileURL(join(root, 'dist', 'server', 'main.js')).href);
