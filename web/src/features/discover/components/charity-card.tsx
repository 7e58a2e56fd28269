import type { DiscoverCharity } from '@shared/api/schemas/discover';
import { charityDonatePath, charityPagePath } from '@shared/public-pages';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { shownCauses } from '../utils/listing';

interface CharityCardProps {
  charity: DiscoverCharity;
  /** The cause searched for, shown first among the card's causes. */
  cause: string | null;
  /** The first cards' pictures load at once (they are in the first screen); the rest when scrolled near. */
  eager: boolean;
}

/**
 * A live charity in the listing: its picture, its own name (a link to its page), the register's name and
 * number, its mission line, causes, places and size, and Donate (its page, at the giving box). The texts are
 * the charity's own words, escaped by React as on its page.
 */
export function CharityCard({ charity, cause, eager }: CharityCardProps) {
  const number = charity.registration_number;
  const headingId = `charity-card-${number}`;
  const { shown, more } = shownCauses(charity.causes, cause);
  return (
    <article className="card discover-card" aria-labelledby={headingId}>
      <div className="discover-card__picture">
        {charity.image_url ? (
          // Decorative: the charity's name is the card's heading beside it.
          <img
            src={charity.image_url}
            alt=""
            width={480}
            height={320}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'low'}
            decoding="async"
          />
        ) : (
          <span className="discover-card__initial" aria-hidden="true">
            {charity.display_name.trim().charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <div className="discover-card__body">
        <h3 id={headingId} className="discover-card__name">
          <Link to={charityPagePath(number)}>{charity.display_name}</Link>
        </h3>
        <p className="discover-card__registered">
          {`Registered charity ${number}: ${charity.registered_name}`}
        </p>
        {charity.mission ? <p className="discover-card__mission">{charity.mission}</p> : null}
        {shown.length ? (
          <ul className="discover-card__tags" aria-label="Causes">
            {shown.map((c) => (
              <li key={c.slug} className="discover-card__tag">
                {c.label}
              </li>
            ))}
            {more ? <li className="discover-card__tag discover-card__tag--more">{more} more</li> : null}
          </ul>
        ) : null}
        <dl className="discover-card__facts">
          {charity.areas.length ? (
            <div>
              <dt>Works in</dt>
              <dd>{charity.areas.join(', ')}</dd>
            </div>
          ) : null}
          {charity.size ? (
            <div>
              <dt>Size</dt>
              <dd>{charity.size}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <p className="discover-card__actions">
        {/* A document load: the page is server-rendered and the browser itself scrolls to the box. */}
        <a className={buttonClassName({ variant: 'primary' })} href={charityDonatePath(number)}>
          Donate<span className="visually-hidden"> to {charity.display_name}</span>
        </a>
      </p>
    </article>
  );
}
