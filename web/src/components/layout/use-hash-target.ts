import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from './section-nav';

/**
 * For a page whose content arrives after the navigation (it waits for the session or its data): once `ready`,
 * scrolls the element the address's #hash names into view and moves focus to it, once per visit.
 * `ScrollOnNavigate` acts at the navigation itself, before such content exists, and finds nothing there.
 */
export function useHashTargetWhenReady(ready: boolean): void {
  const { hash, key } = useLocation();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || handled.current === key) return;
    handled.current = key;
    scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [ready, hash, key]);
}
