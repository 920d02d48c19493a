/** A numbered list of steps, laid out as wrapping tiles. */
import { H3 } from '@blueprintjs/core';
import type { Step } from './publicContent';

/** An ordered list whose numbers come from a CSS counter. */
export function StepList({ steps, label }: { steps: readonly Step[]; label: string }) {
  return (
    <ol className="kosh-public__steps" aria-label={label}>
      {steps.map((step) => (
        <li key={step.title} className="kosh-public__step">
          <H3>{step.title}</H3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
