import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { answerQuery, listingHref, resultsSummary } from '../utils/listing';
import { CharityCard } from './charity-card';

/** The results' heading id: pages link to it (`/charities?page=2#results`). */
export const RESULTS_ID = 'results';
/** Cards whose pictures load with the page: the first screen on a wide screen. */
const EAGER_PICTURES = 3;

const charitiesWord = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'charity' : 'charities'}`;

/** The answer: its summary, the cards and the pages, or why nothing matched with the nearest wider search. */
export function ListingResults({ answer, updating }: { answer: DiscoverResponse; updating: boolean }) {
  const summary = resultsSummary(answer);
  return (
    <section className="discover-results" aria-labelledby={RESULTS_ID} aria-busy={updating || undefined}>
      <h2 id={RESULTS_ID} className="discover-results__summary" tabIndex={-1}>
        {summary}
      </h2>
      <p className="visually-hidden" role="status">
        {updating ? 'Finding charities…' : summary}
      </p>
      {answer.empty ? <EmptyListing empty={answer.empty} filtered={hasFilters(answer)} /> : null}
      {answer.charities.length ? (
        <ul className={`discover-list${updating ? ' discover-list--updating' : ''}`}>
          {answer.charities.map((charity, index) => (
            <li key={charity.registration_number}>
              <CharityCard charity={charity} cause={answer.filters.cause} eager={index < EAGER_PICTURES} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pages answer={answer} />
    </section>
  );
}

const hasFilters = (answer: DiscoverResponse) =>
  Boolean(answer.filters.cause || answer.filters.place || answer.filters.size);

function EmptyListing({
  empty,
  filtered,
}: {
  empty: NonNullable<DiscoverResponse['empty']>;
  filtered: boolean;
}) {
  return (
    <div className="card discover-empty">
      <p className="discover-empty__message">{empty.message}</p>
      {empty.wider ? (
        <p>
          Try a wider search:{' '}
          <Link to={empty.wider.path} state={{ keepScroll: true }}>
            {empty.wider.label} ({charitiesWord(empty.wider.total)})
          </Link>
        </p>
      ) : filtered ? (
        <p>
          <Link to={paths.charities.path} state={{ keepScroll: true }}>
            See every charity
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** Previous, "Page n of m", Next: links that keep the filters, to the top of the results. */
function Pages({ answer }: { answer: DiscoverResponse }) {
  const { page, pages } = answer;
  if (pages <= 1) return null;
  const href = (n: number) => `${listingHref(answerQuery(answer, n))}#${RESULTS_ID}`;
  return (
    <nav className="discover-pages" aria-label="Pages of results">
      {page > 1 ? (
        <Link className="discover-pages__link" to={href(page - 1)} rel="prev">
          <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="discover-pages__spacer" />
      )}
      <p className="discover-pages__where">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link className="discover-pages__link" to={href(page + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : (
        <span className="discover-pages__spacer" />
      )}
    </nav>
  );
}
