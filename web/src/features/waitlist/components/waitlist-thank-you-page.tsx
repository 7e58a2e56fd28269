import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { ButtonLink, buttonClassName } from '@/components/ui/button';
import { WaitlistIcon } from './waitlist-icon';
import { WaitlistPoint, type WaitlistPointItem } from './waitlist-point';
import './waitlist.css';

/** What the signup form hands over on success (absent when the page is opened directly). */
export interface ThankYouState {
  forename?: string;
}

function forenameOf(state: unknown): string | undefined {
  const forename = (state as ThankYouState | null)?.forename;
  return typeof forename === 'string' && forename.trim() ? forename.trim().slice(0, 50) : undefined;
}

const steps: WaitlistPointItem[] = [
  {
    icon: 'heart',
    title: 'Launching Autumn 2025',
    text: `We're welcoming and checking small charities now, so there will be plenty to discover the day ${brand.productName} opens for donations.`,
  },
  {
    icon: 'mail',
    title: "We'll email you when we open",
    text: "You'll hear from us at the address you gave us as soon as you can start giving. No spam, and you can leave at any time.",
  },
  {
    icon: 'phone',
    title: `Sign in to the ${brand.productName} app with this account`,
    text: `The donor app will use the account you just created, so keep your username and password somewhere safe. Donors sign in through the separate donor portal; the sign-in on this website is for charities only.`,
  },
];

/** `/waitlist-thank-you`: the confirmation after joining, what happens next, and where to go now. */
export function WaitlistThankYouPage() {
  useDocumentMeta({
    title: "You're on the Waitlist",
    description: `Thank you for joining the ${brand.productName} waitlist. Here's what happens next, ahead of our launch in Autumn 2025.`,
  });
  const forename = forenameOf(useLocation().state);
  const heading = useRef<HTMLHeadingElement>(null);

  // Arriving from the form, focus the confirmation so it is the first thing a screen reader says.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const { instagram } = brand.social;

  return (
    <div className="warm-band waitlist-page waitlist-page--thanks">
      <div className="container waitlist-thanks">
        <section className="card card--raised waitlist-thanks__card" aria-labelledby="thanks-heading">
          <span className="waitlist-thanks__badge">
            <WaitlistIcon name="check" size={32} />
          </span>
          <p className="eyebrow">You're on the list</p>
          <h1 id="thanks-heading" ref={heading} tabIndex={-1} className="waitlist-title">
            {forename ? `Thank you, ${forename}!` : 'Thank you for joining!'}
          </h1>
          <p className="waitlist-lead">
            Your {brand.productName} account is ready and your place on the waitlist is saved. We can't wait
            to introduce you to the small charities doing big things near you.
          </p>

          <h2 className="waitlist-card__title waitlist-thanks__next">What happens next</h2>
          <ol className="waitlist-steps">
            {steps.map((step) => (
              <WaitlistPoint key={step.title} point={step} className="waitlist-step" />
            ))}
          </ol>

          <div className="waitlist-thanks__follow">
            <h2 className="waitlist-card__title">Follow along</h2>
            <p>Meet the charities joining {brand.productName} and see how we're getting ready for launch.</p>
            <a
              className={buttonClassName({ variant: 'primary', className: 'waitlist-thanks__social' })}
              href={instagram.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WaitlistIcon name="camera" size={20} />
              Follow {instagram.handle} on Instagram
              <WaitlistIcon name="external" size={18} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
          <p className="waitlist-thanks__home">
            <ButtonLink to={paths.home.getHref()} variant="secondary" size="lg">
              <WaitlistIcon name="back" size={20} />
              Back to home
            </ButtonLink>
          </p>
        </section>
      </div>
    </div>
  );
}
