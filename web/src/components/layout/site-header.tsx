import { Link } from 'react-router';
import { brand } from '../../../../shared/src/brand';
import { paths } from '../../config/paths';
import { HighContrastToggle } from './high-contrast-toggle';
import { Wordmark } from './wordmark';

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
        <HighContrastToggle className="site-header__hc" />
      </div>
    </header>
  );
}
