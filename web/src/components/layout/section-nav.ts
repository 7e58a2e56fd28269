import { type LandingSection, landingSections, paths } from '@shared/site/paths';

/** The landing-page sections the header menu and the footer link to, in page order. */
export const sectionNavItems: readonly { section: LandingSection; label: string }[] = [
  { section: 'mission', label: 'Our Mission' },
  { section: 'journey', label: 'Our Journey' },
  { section: 'values', label: 'Our Values' },
  { section: 'how-it-works', label: 'How It Works' },
];

/** The landing section a `#hash` (or bare id) names, or null for anything else. */
export function sectionFromHash(hash: string): LandingSection | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return (landingSections as readonly string[]).includes(id) ? (id as LandingSection) : null;
}

/** Smooth scrolling, except for people who ask for less motion. */
export function scrollBehaviorFor(prefersReducedMotion: boolean): ScrollBehavior {
  return prefersReducedMotion ? 'auto' : 'smooth';
}

/** Where a section link goes: the in-page anchor on the landing page, the landing page elsewhere. */
export function sectionHref(section: LandingSection): string {
  return paths.home.getHref(section);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to the element with this id (smoothly unless reduced motion is asked for) and, for keyboard and
 * screen-reader users, moves focus there too. False when there is no such element on the page.
 */
export function scrollToSection(id: string, { focus = true }: { focus?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: scrollBehaviorFor(prefersReducedMotion()), block: 'start' });
  if (focus) {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  return true;
}
