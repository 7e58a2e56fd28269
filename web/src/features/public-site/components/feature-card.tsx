import './landing.css';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

interface FeatureCardProps {
  icon: IconName;
  title: string;
  children: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

/** A calm card: an icon in a soft circle, a short heading and a sentence or two. */
export function FeatureCard({ icon, title, children, headingLevel: Heading = 'h3' }: FeatureCardProps) {
  return (
    <article className="card feature-card">
      <span className="feature-card__icon">
        <Icon name={icon} />
      </span>
      <Heading className="feature-card__title">{title}</Heading>
      <div className="feature-card__body">{children}</div>
    </article>
  );
}
