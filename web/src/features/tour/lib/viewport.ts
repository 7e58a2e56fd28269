/** Where the tour may show a step's target: between the sticky header and, on phones, the tour's sheet. */

export const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The part of the viewport the page shows between the sticky site header and, on narrow screens, the
 * tour's bottom sheet.
 */
export function visibleBand(): { top: number; bottom: number } {
  const header = document.querySelector('.site-header')?.getBoundingClientRect();
  const top = header && header.bottom > 0 && header.top <= 0 ? header.bottom : 0;
  const sheet = document.querySelector('.tour-sidebar')?.getBoundingClientRect();
  const isSheet = sheet && sheet.left <= 1 && sheet.top > 0;
  return { top, bottom: isSheet ? sheet.top : window.innerHeight };
}

/** Scrolls the target into the visible band: centred when it fits, its top just under the header otherwise. */
export function scrollToTarget(target: Element) {
  const rect = target.getBoundingClientRect();
  const band = visibleBand();
  const room = band.bottom - band.top;
  const gap = 16;
  const delta =
    rect.height + gap * 2 <= room
      ? rect.top - (band.top + (room - rect.height) / 2)
      : rect.top - (band.top + gap);
  if (Math.abs(delta) < 2) return;
  window.scrollBy({ top: delta, behavior: reducedMotion() ? 'auto' : 'smooth' });
}
