import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollToSection } from './section-nav';

/**
 * After a link or redirect (not Back/Forward, where the browser restores the position): to the top of the
 * new page, or to the section its #hash names.
 */
export function ScrollOnNavigate() {
  const { pathname, hash, state } = useLocation();
  // A page that records its own state in the address (the finder) keeps the reader where they are.
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is a new page, even with the same hash.
  useEffect(() => {
    if (keepScroll || (type === 'POP' && !hash)) return;
    if (hash && scrollToSection(decodeURIComponent(hash.slice(1)), { focus: false })) return;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
