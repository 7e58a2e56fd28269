import { LandingSection } from './landing-section';

const milestones = [
  {
    year: '2022',
    title: 'A question at a food bank',
    text: 'Volunteering at a south London food bank, our founder watched a team feed hundreds of families on a shoestring, and wondered why giving to them was so much harder than giving to a household name.',
  },
  {
    year: '2023',
    title: 'Winning a start-up competition',
    text: 'The idea of a fee-free home for small charities won a start-up competition, and with it the confidence (and the mentors) to turn a notebook into a plan.',
  },
  {
    year: '2024',
    title: 'A £5,000 grant',
    text: 'A £5,000 grant paid for our first build and for the legal groundwork, so that charities can trust us with their money and their supporters.',
  },
  {
    year: '2024',
    title: 'Building with charities',
    text: 'We sat down with small charity teams across London to test every screen, and cut anything that took their time without giving something back.',
  },
];

/** Anchor `journey`: Our Story timeline. */
export function StorySection() {
  return (
    <LandingSection
      anchor="journey"
      headingId="journey-heading"
      narrow
      eyebrow="Our journey"
      title="Our Story"
      lead={<p>From a conversation in a church hall to a platform launching in Autumn 2025.</p>}
    >
      <ol className="timeline">
        {milestones.map((milestone) => (
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
