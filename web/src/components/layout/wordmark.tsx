import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';

/** The brand mark: a heart in a rounded square, then the product name. Decorative mark, text name. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={['wordmark', className].filter(Boolean).join(' ')}>
      <svg
        className="wordmark__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path
          d="M16 24.5s-7.5-4.6-7.5-10a4.3 4.3 0 0 1 7.5-2.9 4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z"
          className="wordmark__heart"
        />
      </svg>
      <span className="wordmark__name">{brand.productName}</span>
    </span>
  );
}

/** The wordmark as the link home, named for screen readers (header and footer). */
export function HomeLink({ className }: { className: string }) {
  return (
    <Link to={paths.home.getHref()} className={className} aria-label={`${brand.productName}, home`}>
      <Wordmark />
    </Link>
  );
}
