import { type FeatureCardItem, FeatureCardList } from './feature-card';
import { LandingSection } from './landing-section';

const values: FeatureCardItem[] = [
  {
    icon: 'eye',
    title: 'Transparency',
    text: 'We show every fee, publish how tips are spent and tell you exactly where your money goes.',
  },
  {
    icon: 'shield',
    title: 'Security',
    text: 'Payments go through a regulated card provider straight to the charity. We never hold your card details.',
  },
  {
    icon: 'heart',
    title: 'Compassion',
    text: 'Behind every charity page are people having hard days. We build with patience and kindness.',
  },
  {
    icon: 'chart',
    title: 'Impact',
    text: 'We measure ourselves by the good small charities can do, not by clicks or time spent on the site.',
  },
  {
    icon: 'people',
    title: 'Community',
    text: 'Local giving builds local bonds. We help neighbours find the causes that hold their area together.',
  },
  {
    icon: 'access',
    title: 'Accessibility',
    text: 'Kindred works with a keyboard, a screen reader or high contrast, on any phone, for everyone.',
  },
];

/** Anchor `values`: Our Values (six). */
export function ValuesSection() {
  return (
    <LandingSection
      anchor="values"
      headingId="values-heading"
      tone="sand"
      eyebrow="What guides us"
      title="Our Values"
      lead={<p>Six promises we make to every donor and every charity, and hold ourselves to every day.</p>}
    >
      <FeatureCardList cards={values} columns={3} />
    </LandingSection>
  );
}
