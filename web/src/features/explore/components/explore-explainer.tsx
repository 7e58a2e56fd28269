import { EXPLORE_FEED_MAX, EXPLORE_LONG_MAX, EXPLORE_SHORT_MAX } from '@shared/explore';
import type { ExplainerCard } from '../utils/preview';
import { ExploreIcon } from './explore-icon';

/** A drawn phone showing one way donors browse (decorative: the card's text says the same). */
function MiniPhone({ kind }: { kind: ExplainerCard }) {
  return (
    <div className={`mini-phone mini-phone--${kind}`} aria-hidden="true">
      <div className="mini-phone__screen">
        {kind === 'grid'
          ? Array.from({ length: 9 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
              <span key={i} className={`mini-phone__tile${i === 0 ? ' mini-phone__tile--own' : ''}`} />
            ))
          : Array.from({ length: 2 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
              <span key={i} className={`mini-phone__post${i === 0 ? ' mini-phone__post--own' : ''}`}>
                <span className="mini-phone__avatar" />
                <span className="mini-phone__image" />
                <span className="mini-phone__line" />
                <span className="mini-phone__line mini-phone__line--short" />
              </span>
            ))}
      </div>
    </div>
  );
}

/** A view's name in the summary, lit with its card: the part of the explainer that is shown open or closed. */
function ViewKey({ kind, lit, children }: { kind: ExplainerCard; lit: boolean; children: string }) {
  return (
    <span
      className={`explore-explainer__key${lit ? ' explore-explainer__key--highlight' : ''}`}
      data-explainer-key={kind}
    >
      <ExploreIcon name={kind} size={16} />
      {children}
    </span>
  );
}

/**
 * The collapsible explainer of Grid View and Feed View (charity-area spec, "Setup Explore View"). The tab
 * controls `open` (it opens itself when loading fails) and which card is briefly highlighted after a view
 * change. The highlight must be seen whether the explainer is open or not: the matching view's name in the
 * summary, always shown, lights up with its card.
 */
export function ExploreExplainer({
  open,
  onToggle,
  highlight,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  highlight: ExplainerCard | null;
}) {
  const card = (kind: ExplainerCard) =>
    `explore-explainer__card${highlight === kind ? ' explore-explainer__card--highlight' : ''}`;
  return (
    <details
      className="info-details explore-explainer"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary>
        <span>
          How donors see your explore view:{' '}
          <ViewKey kind="grid" lit={highlight === 'grid'}>
            Grid View
          </ViewKey>{' '}
          and{' '}
          <ViewKey kind="feed" lit={highlight === 'feed'}>
            Feed View
          </ViewKey>
        </span>
      </summary>
      <div className="explore-explainer__body">
        <section className={card('grid')} aria-labelledby="explainer-grid-title" data-explainer="grid">
          <MiniPhone kind="grid" />
          <div>
            <h3 id="explainer-grid-title" className="explore-explainer__title">
              <ExploreIcon name="grid" size={18} /> Grid View
            </h3>
            <p>
              Donors browse charities three to a row. Your grid image or video and your short description (up
              to {EXPLORE_SHORT_MAX} characters) are your first impression, so choose a clear, warm picture.
            </p>
          </div>
        </section>
        <section className={card('feed')} aria-labelledby="explainer-feed-title" data-explainer="feed">
          <MiniPhone kind="feed" />
          <div>
            <h3 id="explainer-feed-title" className="explore-explainer__title">
              <ExploreIcon name="feed" size={18} /> Feed View
            </h3>
            <p>
              Donors scroll through posts: a compact feed two to a row, where they swipe through your
              pictures, or a large feed with your profile picture, your name, a big image and your detailed
              description (up to {EXPLORE_LONG_MAX} characters). Add up to {EXPLORE_FEED_MAX} feed images or
              videos, in the order you want them seen.
            </p>
          </div>
        </section>
      </div>
    </details>
  );
}
