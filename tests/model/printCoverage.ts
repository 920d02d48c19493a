/** `npm run machines:coverage`: states and transitions covered per machine; fails below 100 %. */
import { modelCoverage } from '../../machines/testing/coverage';
import { MACHINE_MODELS } from '../../machines/testing/models';

let complete = true;
const pct = (covered: number, total: number) => (total === 0 ? 100 : (100 * covered) / total).toFixed(1);
for (const [name, model] of Object.entries(MACHINE_MODELS)) {
  const { states, transitions } = modelCoverage(model);
  complete &&= states.missing.length === 0 && transitions.missing.length === 0;
  process.stdout.write(
    `${name.padEnd(14)} states ${states.covered}/${states.total} (${pct(states.covered, states.total)} %)   transitions ${transitions.covered}/${transitions.total} (${pct(transitions.covered, transitions.total)} %)\n`,
  );
  for (const missing of [...states.missing, ...transitions.missing]) process.stdout.write(`    not covered: ${missing}\n`);
}
process.exit(complete ? 0 : 1);
