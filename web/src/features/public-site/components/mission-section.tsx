import { type FeatureCardItem, FeatureCardList } from './feature-card';
import { LandingSection } from './landing-section';

const advantages: FeatureCardItem[] = [
  {
    icon: 'pound',
    title: '91p of every £1',
    text: 'Small charities put 91p of each pound into their mission, against under 80p at larger ones.',
  },
  {
    icon: 'home',
    title: 'Rooted in the community',
    text: 'They are run by people who live where they work, and know the names of the families they help.',
  },
  {
    icon: 'eye',
    title: 'Every gift is noticed',
    text: 'A £20 donation can keep a lunch club open for a week. Your support is felt, not lost in a budget.',
  },
  {
    icon: 'bolt',
    title: 'Quick to act',
    text: 'No layers of committees: when a need appears, small charities can respond in days, not months.',
  },
];

/** Anchor `mission`: the small-charity advantage, and why Kindred exists. */
export function MissionSection() {
  return (
    <LandingSection
      anchor="mission"
      headingId="mission-heading"
      eyebrow="Our mission"
      title="Why small charities matter"
      lead={
        <p>
          Nearly half of UK charities are small, local and run on goodwill, yet most giving flows to the
          biggest names. Our mission is to make it just as easy to find and support the charity round the
          corner.
        </p>
      }
    >
      <FeatureCardList cards={advantages} columns={4} />
    </LandingSection>
  );
}
