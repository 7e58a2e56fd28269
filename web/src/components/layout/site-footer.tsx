import { Link } from 'react-router';
import { brand } from '../../../../shared/src/brand';
import { paths } from '../../config/paths';
import { Wordmark } from './wordmark';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link
            to={paths.home.getHref()}
            className="site-footer__home"
            aria-label={`${brand.productName}, home`}
          >
            <Wordmark />
          </Link>
          <p className="site-footer__tagline">{brand.tagline}</p>
        </div>
        <div className="site-footer__contact">
          <p>
            Questions? Email us at <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
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
