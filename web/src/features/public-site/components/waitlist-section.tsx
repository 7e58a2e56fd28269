import { paths } from '@shared/site/paths';
import { ButtonLink } from '@/components/ui/button';

/** Anchor `waitlist`: the call to join the donor waitlist. */
export function WaitlistSection() {
  return (
    <section id="waitlist" className="section" aria-labelledby="waitlist-heading">
      <div className="container">
        <div className="waitlist-cta">
          <p className="waitlist-cta__badge">Launching Autumn 2025</p>
          <h2 id="waitlist-heading" className="waitlist-cta__title">
            Be among the first to give
          </h2>
          <p className="waitlist-cta__text">
            Join the waitlist and we'll let you know the moment Kindred opens for donations, with a handful of
            small charities near you to meet first. No spam, and you can leave at any time.
          </p>
          <ButtonLink
            to={paths.joinWaitlist.getHref()}
            variant="accent"
            size="lg"
            className="waitlist-cta__button"
          >
            Join the Waitlist
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
