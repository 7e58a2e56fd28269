import { Link } from 'react-router';
import { brand } from '../../../../shared/src/brand';
import { paths } from '../../config/paths';
import { ButtonLink } from '../ui/button';
import { HighContrastToggle } from './high-contrast-toggle';
import { SiteMenu } from './site-menu';
import { Wordmark } from './wordmark';

/**
 * The fixed header: wordmark, high-contrast toggle and Charity Sign In (both hidden on small screens, where
 * sign-in moves into the menu), Register Charity, Join Waitlist and the section menu.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link
          to={paths.home.getHref()}
          className="site-header__home"
          aria-label={`${brand.productName}, home`}
        >
          <Wordmark />
        </Link>
        <div className="site-header__actions">
          <HighContrastToggle className="site-header__hc" />
          <Link to={paths.charity.signIn.getHref()} className="site-header__signin">
            Charity Sign In
          </Link>
          <div className="site-header__ctas">
            <ButtonLink
              to={paths.charity.register.getHref()}
              variant="secondary"
              className="site-header__cta"
            >
              Register Charity
            </ButtonLink>
            <ButtonLink to={paths.joinWaitlist.getHref()} variant="primary" className="site-header__cta">
              Join Waitlist
            </ButtonLink>
          </div>
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
