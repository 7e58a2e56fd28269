import type { CharitySearchResult } from '@shared/api/schemas/register';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDate, websiteHref } from '../utils/format';
import { FinderIcon } from './finder-icon';
import { PlatformBadge } from './platform-badge';

interface ResultCardProps {
  charity: CharitySearchResult;
  onOpen: (registrationNumber: string) => void;
}

/** One search result: name, number, registration date, what it does, its website and whether it is on the platform. */
export function ResultCard({ charity, onOpen }: ResultCardProps) {
  const headingId = `finder-result-${charity.registrationNumber}`;
  const website = websiteHref(charity.website);
  return (
    <article className="card finder-card" aria-labelledby={headingId}>
      <div className="finder-card__head">
        <h3 id={headingId} className="finder-card__name">
          {charity.name}
        </h3>
        <PlatformBadge isOnPlatform={charity.isOnKindred} isLive={charity.isLive} />
      </div>
      <dl className="finder-card__facts">
        <div>
          <dt>Registration number</dt>
          <dd>{charity.registrationNumber}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{formatDate(charity.registrationDate)}</dd>
        </div>
      </dl>
      {charity.activities?.trim() ? <p className="finder-card__activities">{charity.activities}</p> : null}
      <div className="finder-card__actions">
        <Button
          variant="secondary"
          className="finder-card__open"
          data-open-detail={charity.registrationNumber}
          onClick={() => onOpen(charity.registrationNumber)}
        >
          View details<span className="visually-hidden"> for {charity.name}</span>
        </Button>
        {/* Only a live charity has a page donors can open (a vetted one still setting up answers 404). */}
        {charity.isLive ? (
          <Link className="finder-card__website" to={paths.charityPage.getHref(charity.registrationNumber)}>
            {brand.productName} page<span className="visually-hidden"> of {charity.name}</span>
          </Link>
        ) : null}
        {website ? (
          <a className="finder-card__website" href={website} target="_blank" rel="noopener noreferrer">
            Website
            <FinderIcon name="external" size={16} />
            <span className="visually-hidden"> of {charity.name} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
