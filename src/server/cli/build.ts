/** `npm run build`. */
import { findProjectRoot } from '../config.js';
import { buildAll } from './buildAll.js';

await buildAll(findProjectRoot());
