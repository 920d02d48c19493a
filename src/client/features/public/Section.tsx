/** A page section with an optional heading block, inside the page-width container. */
import type { ReactNode } from 'react';
import { H2 } from '@blueprintjs/core';

interface SectionProps {
  id: string;
  title?: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** A tinted band, to alternate with plain sections. */
  band?: boolean;
  children?: ReactNode;
}

/** A `<section>` labelled by its h2. */
export function Section({ id, title, eyebrow, lead, band, children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      className={`kosh-public__section${band ? ' kosh-public__section--band' : ''}`}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="kosh-public__container">
        {title && (
          <header className="kosh-public__section-head">
            {eyebrow && <p className="kosh-public__eyebrow">{eyebrow}</p>}
            <H2 id={headingId}>{title}</H2>
            {lead && <p className="kosh-public__lead">{lead}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
