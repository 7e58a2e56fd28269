import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import './layout.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Moves focus to the main content after an in-app navigation, so screen readers start at the new page. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The site's frame: skip link, header, one <main> and footer. */
export function Layout({ children }: { children: ReactNode }) {
  useFocusMainOnNavigate();
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
