import { brand } from '@shared/brand';
import { DISCOVER_DESCRIPTION, DISCOVER_TITLE, discoverIndexing, discoverQueryOf } from '@shared/discover';
import { paths } from '@shared/site/paths';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { type ListingState, useDiscoverListing } from '../hooks/use-discover-listing';
import { type ListingView, listingViewOf } from '../utils/listing';
import { FilterForm } from './filter-form';
import { ListingResults } from './listing-results';
import './discover.css';

/**
 * `/charities` (issue 45): every live, vetted charity as a card, by cause, place and size, 24 a page, its
 * filters in the address. Server-rendered by the API (`render-charities-page`) and hydrated from its inline
 * answer; a new search or page loads in place.
 */
const subscribeToNothing = () => () => {};

/**
 * The view the address asks for, in the browser only: the server renders the list (the same document for both
 * views, the map's accessible twin), and the map joins it once the page has hydrated.
 */
function useListingView(search: string): ListingView {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return inBrowser ? listingViewOf(search) : 'list';
}

export function DiscoverPage({ search }: { search: string }) {
  const query = discoverQueryOf(search);
  const state = useDiscoverListing(search);
  const view = useListingView(search);
  const indexing = state.status === 'loaded' ? discoverIndexing(state.answer) : null;
  useDocumentMeta({
    title: DISCOVER_TITLE,
    description: DISCOVER_DESCRIPTION,
    canonicalPath: indexing?.canonicalPath,
    noindex: indexing ? indexing.noindex : state.status !== 'loading',
  });
  return (
    <div className="discover">
      <header className="discover__header">
        <div className="container">
          <p className="eyebrow">Small charities, vetted</p>
          <h1 className="discover__title">{DISCOVER_TITLE}</h1>
          <p className="discover__lead">
            Small UK charities on {brand.productName}, each checked against the Charity Commission register.
            Choose a cause, a place or a size, and give with no platform fee.
          </p>
          <p className="discover__recommend">
            <Link to={paths.charitiesRecommend.path}>Not sure? Get a recommendation</Link>
          </p>
        </div>
      </header>
      <div className="container discover__body">
        <FilterForm key={search} query={query} view={view} />
        <ListingBody state={state} view={view} />
      </div>
    </div>
  );
}

function ListingBody({ state, view }: { state: ListingState; view: ListingView }) {
  switch (state.status) {
    case 'loaded':
      return <ListingResults answer={state.answer} updating={state.updating} view={view} />;
    case 'loading':
      return (
        <p className="discover-status" role="status">
          Finding charities…
        </p>
      );
    case 'invalid':
      return (
        <div className="card discover-empty" role="alert">
          <h2 className="discover-empty__title">We couldn't use that search</h2>
          <p className="discover-empty__message">{state.message}</p>
          <p>
            <Link to={paths.charities.path}>See every charity</Link>
          </p>
        </div>
      );
    default:
      return (
        <div className="card discover-empty" role="alert">
          <h2 className="discover-empty__title">We couldn't load the charities</h2>
          <p className="discover-empty__message">Please check your connection and try again.</p>
        </div>
      );
  }
}
