/** `npm run build`: with the machine inspector when INSPECTOR is on (by default in demo mode). */
import { findProjectRoot, loadConfig } from '../config.js';
import { buildAll } from './buildAll.js';

await buildAll(findProjectRoot(), { inspector: loadConfig().inspector });
