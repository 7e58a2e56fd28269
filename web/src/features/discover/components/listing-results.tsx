import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { paths } from '@shared/site/paths';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { MAP_RETRY_DELAYS_MS, withRetries } from '@/lib/retry';
import { answerQuery, LIST_ID, type ListingView, listingHref, resultsSummary } from '../utils/listing';
import { CharityCard } from './charity-card';

/**
 * The map view and Leaflet, fetched only when a donor opens the map (the listing's first load stays as it was);
 * a dropped connection gets three more tries, each after a longer wait, as the location settings' map does.
 */
const ResultsMap = lazy(() =>
  withRetries(() => import('./results-map'), MAP_RETRY_DELAYS_MS, {
    onRetry: (retry, error) => console.warn(`The map could not be loaded; retry ${retry}`, error),
  }).then((module) => ({ default: module.ResultsMap })),
);

/** The map's chunk never arrived: a calm panel in its place, the list below it as ever. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The map could not be loaded', error);
  }
  override render() {
    return this.state.failed ? (
      <div className="discover-map__error" role="alert">
        <p className="discover-map__error-title">The map could not be loaded</p>
        <p>
          The same charities are listed below. Check that you are online, then reload to try the map again.
        </p>
      </div>
    ) : (
      this.props.children
    );
  }
}

function MapView({ answer }: { answer: DiscoverResponse }) {
  return (
    <MapBoundary>
      <Suspense
        fallback={
          <div className="discover-map">
            <p className="discover-map__canvas discover-map__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              Loading the map…
            </p>
          </div>
        }
      >
        <ResultsMap answer={answer} />
      </Suspense>
    </MapBoundary>
  );
}

/** The results' heading id: pages link to it (`/charities?page=2#results`). */
export const RESULTS_ID = 'results';
/**
 * Cards whose pictures load with the page: none. The first screen is the heading, the lead and the filters
 * (the largest paint is text); a picture fetched with the page would take bandwidth from the styles that paint
 * it (Lighthouse mobile: 94 with the first three eager and the first preloaded, against issue 45's 98).
 */
const EAGER_PICTURES = 0;

const charitiesWord = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'charity' : 'charities'}`;

/** The answer: its summary, the cards and the pages, or why nothing matched with the nearest wider search. */
export function ListingResults({
  answer,
  updating,
  view,
}: {
  answer: DiscoverResponse;
  updating: boolean;
  view: ListingView;
}) {
  const summary = resultsSummary(answer);
  return (
    <section className="discover-results" aria-labelledby={RESULTS_ID} aria-busy={updating || undefined}>
      <h2 id={RESULTS_ID} className="discover-results__summary" tabIndex={-1}>
        {summary}
      </h2>
      <p className="visually-hidden" role="status">
        {updating ? 'Finding charities…' : summary}
      </p>
      {answer.empty ? <EmptyListing empty={answer.empty} filtered={hasFilters(answer)} view={view} /> : null}
      {answer.charities.length ? <ViewSwitch answer={answer} view={view} /> : null}
      {answer.charities.length && view === 'map' ? <MapView answer={answer} /> : null}
      {answer.charities.length ? (
        <ul
          id={LIST_ID}
          className={`discover-list${updating ? ' discover-list--updating' : ''}`}
          // The skip link over the map lands here; the list is named for it.
          tabIndex={view === 'map' ? -1 : undefined}
          aria-label={view === 'map' ? 'The charities on the map, as a list' : undefined}
        >
          {answer.charities.map((charity, index) => (
            <li key={charity.registration_number}>
              <CharityCard charity={charity} cause={answer.filters.cause} eager={index < EAGER_PICTURES} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pages answer={answer} view={view} />
    </section>
  );
}

/** List or Map: links (the view is in the address, so a map can be shared), the current one marked. */
function ViewSwitch({ answer, view }: { answer: DiscoverResponse; view: ListingView }) {
  const query = answerQuery(answer, answer.page);
  return (
    <nav className="discover-view" aria-label="Show the results as">
      {(['list', 'map'] as const).map((v) => (
        <Link
          key={v}
          className="discover-view__option"
          to={listingHref(query, v)}
          state={{ keepScroll: true }}
          aria-current={view === v ? 'true' : undefined}
        >
          {v === 'list' ? 'List' : 'Map'}
        </Link>
      ))}
    </nav>
  );
}

const hasFilters = (answer: DiscoverResponse) =>
  Boolean(answer.filters.cause || answer.filters.place || answer.filters.size);

function EmptyListing({
  empty,
  filtered,
  view,
}: {
  empty: NonNullable<DiscoverResponse['empty']>;
  filtered: boolean;
  view: ListingView;
}) {
  return (
    <div className="card discover-empty">
      <p className="discover-empty__message">{empty.message}</p>
      {empty.wider ? (
        <p>
          Try a wider search:{' '}
          <Link
            to={
              view === 'map'
                ? `${empty.wider.path}${empty.wider.path.includes('?') ? '&' : '?'}view=map`
                : empty.wider.path
            }
            state={{ keepScroll: true }}
          >
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
function Pages({ answer, view }: { answer: DiscoverResponse; view: ListingView }) {
  const { page, pages } = answer;
  if (pages <= 1) return null;
  const href = (n: number) => `${listingHref(answerQuery(answer, n), view)}#${RESULTS_ID}`;
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
