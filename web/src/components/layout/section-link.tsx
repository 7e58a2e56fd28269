import type { LandingSection } from '@shared/site/paths';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { scrollToSection, sectionHref } from './section-nav';

interface SectionLinkProps {
  section: LandingSection;
  children: ReactNode;
  className?: string;
  /** Runs after a click (the header menu closes itself). */
  onNavigate?: () => void;
}

/**
 * A link to a landing-page section. On the landing page it scrolls there (smoothly unless reduced motion
 * is preferred) and moves focus to the section; elsewhere it opens the landing page at that section.
 */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    onNavigate?.();
    if (pathname === '/' && scrollToSection(section)) event.preventDefault();
  };
  return (
    <Link to={sectionHref(section)} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
