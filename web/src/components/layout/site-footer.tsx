import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { SectionLink } from './section-link';
import { sectionNavItems } from './section-nav';
import { HomeLink } from './wordmark';

const groups: { heading: string; links: { to: string; label: string }[] }[] = [
  {
    heading: 'For donors',
    links: [
      { to: paths.joinWaitlist.getHref(), label: 'Join the Waitlist' },
      { to: paths.fees.getHref(), label: 'Fees and Charges' },
      { to: paths.financialTransparency.getHref(), label: 'Fees and Transparency' },
    ],
  },
  {
    heading: 'For charities',
    links: [
      { to: paths.charity.register.getHref(), label: 'Register Your Charity' },
      { to: paths.verificationInfo.getHref(), label: 'How Verification Works' },
      { to: paths.charity.support.getHref(), label: 'Charity Support' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: paths.privacyPolicy.getHref(), label: 'Privacy Policy' },
      { to: paths.termsOfService.getHref(), label: 'Terms of Service' },
      { to: paths.cookiePolicy.getHref(), label: 'Cookie Policy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <HomeLink className="site-footer__home" />
          <p className="site-footer__tagline">{brand.tagline}</p>
          <p className="site-footer__about">
            A UK giving platform for small, vetted charities. No platform fees, no data sold, and every
            charity checked against the Charity Commission register.
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <div className="site-footer__group">
            <h2 className="site-footer__heading">About us</h2>
            <ul>
              {sectionNavItems.map(({ section, label }) => (
                <li key={section}>
                  <SectionLink section={section}>{label}</SectionLink>
                </li>
              ))}
            </ul>
          </div>
          {groups.map((group) => (
            <div className="site-footer__group" key={group.heading}>
              <h2 className="site-footer__heading">{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="site-footer__base">
          <p>
            Questions? Email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or call{' '}
            <a href={`tel:${brand.supportPhone.replace(/\s/g, '')}`}>{brand.supportPhone}</a>.
          </p>
          <p className="site-footer__small">
            © {new Date().getFullYear()} {brand.productName}. Charities on {brand.productName} are checked
            against the Charity Commission register.
          </p>
        </div>
      </div>
    </footer>
  );
}
