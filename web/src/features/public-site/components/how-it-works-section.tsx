import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { LandingSection } from './landing-section';

const steps = [
  {
    title: 'Discover',
    text: 'Browse small, vetted charities by cause and by place, from your street to the whole of the UK.',
    link: { to: paths.charities.getHref(), label: 'Find a charity' },
  },
  {
    title: 'Find Your Match',
    text: 'Tell us what you care about and we suggest charities that fit, with their story in their own words.',
  },
  {
    title: 'Connect',
    text: 'Give once or monthly, in a few taps. The money goes straight to the charity, with no platform fee.',
  },
  {
    title: 'Track Impact',
    text: 'Receive updates from the charity itself and see what your support made possible.',
  },
];

/** Anchor `how-it-works`: four steps. */
export function HowItWorksSection() {
  return (
    <LandingSection
      anchor="how-it-works"
      headingId="how-it-works-heading"
      eyebrow="Four simple steps"
      title={`How ${brand.productName} Works`}
      lead={
        <p>
          Giving well shouldn't take research. Here is the whole journey, from first search to first update.
        </p>
      }
    >
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="step__title">{step.title}</h3>
            <p>{step.text}</p>
            {'link' in step && step.link ? (
              <p className="step__link">
                <Link to={step.link.to}>{step.link.label}</Link>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
