import { buttonClassName } from '@/components/ui/button';
import { useTour } from '../hooks/use-tour';
import { toggleTour } from '../lib/tour-store';

/**
 * "Show tour guide" / "Hide tour guide" for the account preferences page (spec: the page embeds the tour
 * sidebar, which can be toggled). Showing resumes a tour in progress at its step; with none in progress it
 * starts at `startAt` (the account preferences step, so the visitor stays where they are). Hiding closes
 * the tour like the sidebar's close button. The toggle stays usable while the rest of the page is inert.
 */
export function TourToggle({
  startAt = 'account-preferences',
  className,
}: {
  /** Step id to start at when no tour is in progress. */
  startAt?: string;
  className?: string;
}) {
  const { state, store } = useTour();
  const active = state.isActive;
  return (
    <button
      type="button"
      className={buttonClassName({
        variant: 'secondary',
        className: ['tour-toggle', className].filter(Boolean).join(' '),
      })}
      aria-pressed={active}
      data-tour-control=""
      onClick={() => toggleTour(store, startAt)}
    >
      {active ? 'Hide tour guide' : 'Show tour guide'}
    </button>
  );
}
