import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import './follow-control.css';

/** The form and the thank-you offer, each in its own chunk: the pages paint and hydrate without them. */
const FollowForm = lazy(() => import('./follow-form').then((m) => ({ default: m.FollowForm })));
const ThanksFollow = lazy(() => import('./thanks-follow').then((m) => ({ default: m.ThanksFollow })));

const loading = (
  <p className="follow-loading" role="status">
    Loading…
  </p>
);

/**
 * The charity page's Follow button (beside the name, as in the spec's preview): it opens the follow form below
 * it, loaded on first use. Rendered only while the stage's `updates.open` switch is on.
 */
export function FollowControl({
  registrationNumber,
  charityName,
}: {
  registrationNumber: string;
  charityName: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="follow-control">
      <Button
        variant="secondary"
        className="follow-control__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Follow
      </Button>
      <section id={panelId} className="card follow-panel" hidden={!open} aria-label={`Follow ${charityName}`}>
        {open ? (
          <>
            <p className="follow-panel__lead">
              Get {charityName}'s updates by email: each post as it is published, or a weekly digest.
            </p>
            <Suspense fallback={loading}>
              <FollowForm
                id="follow-page"
                registrationNumber={registrationNumber}
                charityName={charityName}
                autoFocus
              />
            </Suspense>
          </>
        ) : null}
      </section>
    </div>
  );
}

const subscribeToNothing = () => () => {};

/**
 * The thank-you page's offer to follow the charity (an unticked checkbox), loaded after the page is shown; it
 * shows nothing while the stage's `updates.open` switch is off.
 */
export function FollowOffer(props: { registrationNumber: string; charityName: string; email: string }) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <ThanksFollow {...props} />
    </Suspense>
  );
}
