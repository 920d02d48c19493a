/** Feature cards with an icon, a title, a description and an optional link or tag. */
import { Card, H3, Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { Feature } from './publicContent';

interface FeatureGridProps {
  features: readonly Feature[];
  /** Wider cards (two to a row on a desktop screen) or narrower ones (four to a row). */
  columns?: 'two' | 'four';
}

/** A wrapping grid of feature cards. */
export function FeatureGrid({ features, columns }: FeatureGridProps) {
  return (
    <ul className={`kosh-public__grid${columns ? ` kosh-public__grid--${columns}` : ''}`}>
      {features.map((feature) => (
        <li key={feature.title}>
          <Card className="kosh-public__card" elevation={0}>
            <div className="kosh-public__card-head">
              <span className="kosh-public__icon-badge" aria-hidden="true">
                <Icon icon={feature.icon} size={20} />
              </span>
              {feature.tag && <Tag minimal round>{feature.tag}</Tag>}
            </div>
            <H3>{feature.title}</H3>
            <p>{feature.text}</p>
            {feature.points && (
              <ul>
                {feature.points.map((point) => <li key={point}>{point}</li>)}
              </ul>
            )}
            {feature.to && (
              <Link className="kosh-public__card-link" to={feature.to}>
                {feature.linkText ?? 'Learn more'} →
              </Link>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
