import { MILESTONES, STORY_LEAD } from '../data/our-story';
import { LandingSection } from './landing-section';

/** Anchor `journey`: Our Story timeline. */
export function StorySection() {
  return (
    <LandingSection
      anchor="journey"
      headingId="journey-heading"
      narrow
      eyebrow="Our journey"
      title="Our Story"
      lead={<p>{STORY_LEAD}</p>}
    >
      <ol className="timeline">
        {MILESTONES.map((milestone) => (
          <li key={milestone.title} className="timeline__item">
            <span className="timeline__year">{milestone.year}</span>
            <div className="timeline__body">
              <h3 className="timeline__title">{milestone.title}</h3>
              <p>{milestone.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
