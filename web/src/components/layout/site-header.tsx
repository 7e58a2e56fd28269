import { paths } from '@shared/site/paths';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../ui/button';
import { HighContrastToggle } from './high-contrast-toggle';
import { SiteMenu } from './site-menu';
import { HomeLink } from './wordmark';

/** Signed-in charity pages carry their own charity header; the public calls to action would only confuse there. */
const SIGNED_IN_AREA =
  /^\/charity\/(dashboard|donations|account-setup|settings|account-preferences|preferences\/|email-verification)/;

/**
 * The fixed header: wordmark, high-contrast toggle and Charity Sign In (both hidden on small screens, where
 * sign-in moves into the menu), Register Charity, Join Waitlist and the section menu. On signed-in charity pages
 * only the wordmark, the toggle and the menu.
 */
export function SiteHeader() {
  const signedInArea = SIGNED_IN_AREA.test(useLocation().pathname);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <HomeLink className="site-header__home" />
        <div className="site-header__actions">
          <HighContrastToggle className="site-header__hc" />
          {signedInArea ? null : (
            <>
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
            </>
          )}
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
