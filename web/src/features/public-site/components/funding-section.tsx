import { LandingSection } from './landing-section';

const figures = [
  { value: '100%', label: 'of your donation goes to the charity, apart from the card fee' },
  { value: '£0', label: 'platform fees or commission, for donors and for charities' },
  { value: '0%', label: 'of your data sold, shared for advertising or passed on. Ever.' },
];

const principles = [
  {
    title: 'Mission focused',
    text: 'We exist to get money to small charities. Every decision starts with what helps them most.',
  },
  {
    title: 'Your choice',
    text: 'When you give, you can add an optional tip to keep Kindred running. Never expected, always appreciated.',
  },
  {
    title: 'Guided by you',
    text: 'Donors and charities shape what we build next. We publish how tips are spent and what we reinvest.',
  },
];

/** Anchor `funding`: how the platform pays its way without taking a cut. */
export function FundingSection() {
  return (
    <LandingSection
      anchor="funding"
      headingId="funding-heading"
      tone="sand"
      eyebrow="How we're funded"
      title="Funded Through Trust, Not Fees"
      lead={
        <p>
          Most platforms keep a slice of every gift. We don't. Kindred is funded by optional tips from donors
          who believe in what we're doing, so the charity gets your whole donation.
        </p>
      }
    >
      <ul className="stat-grid">
        {figures.map((figure) => (
          <li key={figure.value} className="stat">
            <span className="stat__value">{figure.value}</span>
            <span className="stat__label">{figure.label}</span>
          </li>
        ))}
      </ul>
      <ul className="principles">
        {principles.map((principle) => (
          <li key={principle.title} className="principle">
            <h3 className="principle__title">{principle.title}</h3>
            <p>{principle.text}</p>
          </li>
        ))}
      </ul>
      <p className="section__footnote">
        The card payment provider charges 1.4% + 20p per donation: give £100 and £98.40 reaches the charity.
      </p>
    </LandingSection>
  );
}
