import { DISCOVER_QUERY_KEYS } from '../../discover';
import { defineRoutes } from '../route';
import {
  DiscoverPageRequest,
  DiscoverRequest,
  DiscoverResponse,
  RecommendRequest,
  RecommendResponse,
} from '../schemas/discover';
import { DocumentResponse } from '../schemas/public-pages';

/**
 * Discovery of live charities (issue 45): the listing by cause, place and size, as JSON for the page's own
 * changes and as the server-rendered `/charities` document crawlers and first visits get.
 */
export const discoverRoutes = defineRoutes({
  'discover-charities': {
    method: 'GET',
    path: '/api/discover',
    auth: 'public',
    request: DiscoverRequest,
    response: DiscoverResponse,
    summary:
      'Live, vetted charities by cause, place (nearest first) and size, 24 a page; an empty answer says why and offers a wider search.',
  },
  'recommend-charities': {
    method: 'GET',
    path: '/api/discover/recommend',
    auth: 'public',
    request: RecommendRequest,
    response: RecommendResponse,
    summary:
      'Get a recommendation: up to three live charities for a cause, a place and a way of giving (once or to follow), each with the reasons it was chosen.',
  },
  'render-charities-page': {
    method: 'GET',
    path: '/api/share/charities',
    auth: 'public',
    request: DiscoverPageRequest,
    response: DocumentResponse,
    document: true,
    documentQuery: DISCOVER_QUERY_KEYS,
    summary:
      'The /charities page (with its filters from the query) rendered on the server; a bad filter is a 400 page.',
  },
});
