/** Set by the build (vite `define`); dead branches are removed from the bundle. */

/** Whether the machine inspector (/dev/machines) is built in: INSPECTOR, on by default in demo mode. */
declare const __KOSH_INSPECTOR__: boolean;
