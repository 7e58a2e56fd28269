import type { LandingSection as LandingAnchor } from '@shared/site/paths';
import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading';

interface LandingSectionProps {
  /** The in-page anchor (`/#mission`), for the sections the header menu links to. */
  anchor?: LandingAnchor;
  /** Id of the section's h2, which names the section. */
  headingId: string;
  /** Background band: plain (default), sand or tint. */
  tone?: 'sand' | 'tint';
  /** A narrower column (the timeline). */
  narrow?: boolean;
  eyebrow: string;
  title: ReactNode;
  /** The lead under the heading. */
  lead: ReactNode;
  children: ReactNode;
}

/** One band of the landing page: its heading (eyebrow, h2, lead), then its own content. */
export function LandingSection({
  anchor,
  headingId,
  tone,
  narrow = false,
  eyebrow,
  title,
  lead,
  children,
}: LandingSectionProps) {
  return (
    <section
      id={anchor}
      className={tone ? `section section--${tone}` : 'section'}
      aria-labelledby={headingId}
    >
      <div className={narrow ? 'container container--narrow' : 'container'}>
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title}>
          {lead}
        </SectionHeading>
        {children}
      </div>
    </section>
  );
}
