import { paths } from '@shared/site/paths';
import { ButtonLink } from '@/components/ui/button';
import { type FeatureCardItem, FeatureCardList } from './feature-card';
import { LandingSection } from './landing-section';

const benefits: FeatureCardItem[] = [
  {
    icon: 'gift',
    title: 'No Fees',
    text: 'No joining fee, no monthly subscription and no commission. Donations go straight to your own account.',
  },
  {
    icon: 'settings',
    title: 'Effortless Setup',
    text: 'Register with your charity number, confirm by email and build your page in an afternoon. We help.',
  },
  {
    icon: 'people',
    title: 'Reach New Donors',
    text: 'Be found by people who are looking for exactly your cause, in your area, without an advertising budget.',
  },
];

/** For charities: why join, and the way in. */
export function ForCharitiesSection() {
  return (
    <LandingSection
      headingId="for-charities-heading"
      tone="tint"
      eyebrow="For charities"
      title="Built for charities like yours"
      lead={
        <p>
          You didn't start a charity to learn payment systems or chase algorithms. Kindred gives you a warm,
          simple page that tells your story and takes donations, so you can get back to the work that matters.
        </p>
      }
    >
      <FeatureCardList cards={benefits} columns={3} />
      <div className="section__cta">
        <ButtonLink to={paths.charity.register.getHref()} variant="primary" size="lg">
          Register Your Charity
        </ButtonLink>
        <p className="section__cta-note">Free to join • No setup fees • Full support included</p>
      </div>
    </LandingSection>
  );
}
