import { GIVE_SECTION_ID } from '@shared/public-pages';
import { Component, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import type { GivingCharity } from '../hooks/use-giving-form';
import './giving-panel.css';

/** The box's heading: the Donate shortcuts (and the `/charities` cards' Donate links) lead here. */
export const GIVE_HEADING_ID = GIVE_SECTION_ID;

/** The form itself, in its own chunk: the charity page paints and hydrates without it. */
const GivingBox = lazy(() => import('./giving-box'));

const subscribeToNothing = () => () => {};
/**
 * False on the server and while hydrating, true after: the form (whose choices may come from this tab's storage)
 * renders in the browser only.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The form's chunk failed to arrive (offline, a deploy replaced it): a calm line, not the page's error screen. */
class BoxBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The giving box failed', error);
  }
  override render() {
    return this.state.failed ? (
      <p className="giving-panel__status" role="alert">
        The donation form didn't load. Please check your connection and reload the page.
      </p>
    ) : (
      this.props.children
    );
  }
}

/** The charity page's giving box (when giving is open): its heading and lead at once, the form once loaded. */
export function GivingPanel({ charity, className }: { charity: GivingCharity; className?: string }) {
  const inBrowser = useInBrowser();
  const loading = (
    <p className="giving-panel__status" role="status">
      Loading the donation form…
    </p>
  );
  return (
    <aside className={`giving-panel${className ? ` ${className}` : ''}`} aria-labelledby={GIVE_HEADING_ID}>
      <h2 id={GIVE_HEADING_ID} className="giving-panel__title" tabIndex={-1}>
        Donate to {charity.display_name}
      </h2>
      <p className="giving-panel__lead">
        No platform fee. {charity.display_name} receives your donation less the card fee.
      </p>
      {inBrowser ? (
        <BoxBoundary>
          <Suspense fallback={loading}>
            <GivingBox charity={charity} />
          </Suspense>
        </BoxBoundary>
      ) : (
        loading
      )}
    </aside>
  );
}
