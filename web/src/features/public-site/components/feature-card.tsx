import './landing.css';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

type HeadingLevel = 'h2' | 'h3';

interface FeatureCardProps {
  icon: IconName;
  title: string;
  children: ReactNode;
  headingLevel?: HeadingLevel;
}

/** A calm card: an icon in a soft circle, a short heading and a sentence or two. */
export function FeatureCard({ icon, title, children, headingLevel: Heading = 'h3' }: FeatureCardProps) {
  return (
    <article className="card feature-card">
      <span className="icon-circle feature-card__icon">
        <Icon name={icon} />
      </span>
      <Heading className="feature-card__title">{title}</Heading>
      <div className="feature-card__body">{children}</div>
    </article>
  );
}

export interface FeatureCardItem {
  icon: IconName;
  title: string;
  text: string;
}

interface FeatureCardListProps {
  cards: readonly FeatureCardItem[];
  /** Columns on wide screens. */
  columns: 3 | 4;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** A grid of feature cards, one list item each. */
export function FeatureCardList({ cards, columns, headingLevel, className }: FeatureCardListProps) {
  return (
    <ul className={`card-grid card-grid--${columns}${className ? ` ${className}` : ''}`}>
      {cards.map((card) => (
        <li key={card.title}>
          <FeatureCard icon={card.icon} title={card.title} headingLevel={headingLevel}>
            <p>{card.text}</p>
          </FeatureCard>
        </li>
      ))}
    </ul>
  );
}
