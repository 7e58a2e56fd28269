import { brand } from '@shared/brand';
import type { ReactNode } from 'react';
import './layout.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Wordmark } from './wordmark';

/**
 * The frame for screens shown outside the router (the top-level error boundary, a failed configuration
 * load): plain links only, nothing that needs the router or the configuration.
 */
export function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="container site-header__inner">
          <a href="/" className="site-header__home" aria-label={`${brand.productName}, home`}>
            <Wordmark />
          </a>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
    </>
  );
}
