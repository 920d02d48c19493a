/** The dark hero band that opens the landing, about and product pages. */
import type { ReactNode } from 'react';
import { Classes, H1 } from '@blueprintjs/core';

interface HeroProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** Top bar content (brand, navigation) for pages rendered without a header. */
  top?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  compact?: boolean;
}

/** A full-width band with the page's h1; it always carries Blueprint's dark class. */
export function Hero({ title, eyebrow, lead, top, actions, children, compact }: HeroProps) {
  return (
    <section className={`kosh-public__hero${compact ? ' kosh-public__hero--compact' : ''} ${Classes.DARK}`}>
      <div className="kosh-public__container">
        {top}
        {eyebrow && <p className="kosh-public__eyebrow">{eyebrow}</p>}
        <H1 className="kosh-public__hero-title">{title}</H1>
        {lead && <p className="kosh-public__hero-lead">{lead}</p>}
        {actions && <div className="kosh-public__actions">{actions}</div>}
        {children}
      </div>
    </section>
  );
}
