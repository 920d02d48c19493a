/** The shared frame of the information pages: title, intro, contents and numbered sections. */
import type { ReactNode } from 'react';
import { Callout, H1, H2, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router';
import './public.css';

/** A boxed remark inside a section. */
export interface InfoNote {
  text: ReactNode;
  title?: string;
  intent?: Intent;
  icon?: IconName;
}

/** One section of an information page. */
export interface InfoSection {
  id: string;
  title: string;
  icon?: IconName;
  paragraphs?: readonly ReactNode[];
  points?: readonly ReactNode[];
  note?: InfoNote;
  /** Anything else the section holds after its text (a form). */
  content?: ReactNode;
}

interface InfoPageProps {
  /** The page's route, which names its modifier class. */
  path: string;
  title: string;
  intro: ReactNode;
  sections: readonly InfoSection[];
  /** Extra content after the sections, such as a last-reviewed line. */
  footer?: ReactNode;
}

/** An information page with a contents list beside its sections. */
export function InfoPage({ path, title, intro, sections, footer }: InfoPageProps) {
  const pageClass = `kosh-public--${path.replace(/^\//, '').replace(/\//g, '-')}`;
  return (
    <main className={`kosh-public kosh-public--info ${pageClass}`}>
      <header className="kosh-public__section--band kosh-public__info-head">
        <div className="kosh-public__container">
          <p className="kosh-public__breadcrumb">
            <Link to="/">Home</Link> <span className="kosh-public__muted">/ {title}</span>
          </p>
          <H1>{title}</H1>
          <div className="kosh-public__lead">{intro}</div>
        </div>
      </header>
      <div className="kosh-public__container kosh-public__info-body">
        <nav className="kosh-public__toc" aria-label="On this page">
          <strong>On this page</strong>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="kosh-public__article">
          {sections.map((section) => (
            <InfoSectionView key={section.id} section={section} />
          ))}
          {footer && <div className="kosh-public__muted">{footer}</div>}
        </article>
      </div>
    </main>
  );
}

function InfoSectionView({ section }: { section: InfoSection }) {
  const headingId = `${section.id}-title`;
  return (
    <section id={section.id} aria-labelledby={headingId}>
      <H2 id={headingId}>
        {section.icon && <Icon icon={section.icon} size={18} />}
        {section.title}
      </H2>
      {section.paragraphs?.map((paragraph, index) => <p key={index}>{paragraph}</p>)}
      {section.content}
      {section.points && (
        <ul>
          {section.points.map((point, index) => <li key={index}>{point}</li>)}
        </ul>
      )}
      {section.note && (
        <Callout intent={section.note.intent ?? 'primary'} icon={section.note.icon} title={section.note.title}>
          {section.note.text}
        </Callout>
      )}
    </section>
  );
}
