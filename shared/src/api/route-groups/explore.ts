import { defineRoutes } from '../route';
import { EmptyRequest, SuccessResponse } from '../schemas/common';
import {
  CleanupGridMediaRequest,
  ExplorePageResponse,
  ListExplorePagesRequest,
  ListExplorePagesResponse,
  SaveExplorePageRequest,
  SetExploreActiveRequest,
} from '../schemas/explore';

/** The one explore page per charity, and what donors see of active ones. */
export const exploreRoutes = defineRoutes({
  'get-explore-page': {
    method: 'GET',
    path: '/api/me/explore',
    auth: 'charity',
    request: EmptyRequest,
    response: ExplorePageResponse,
    summary: "The caller's explore page with its media; created empty and inactive on first use.",
  },
  'save-explore-page': {
    method: 'PUT',
    path: '/api/me/explore',
    auth: 'charity',
    request: SaveExplorePageRequest,
    response: ExplorePageResponse,
    timeoutSeconds: 20,
    summary: 'Saves descriptions, grid and feed media (activation unchanged; dropped media removed).',
  },
  'set-explore-active': {
    method: 'POST',
    path: '/api/me/explore/active',
    auth: 'charity',
    request: SetExploreActiveRequest,
    response: ExplorePageResponse,
    summary: 'Activates (only with complete content) or deactivates the explore page.',
  },
  'cleanup-grid-media': {
    method: 'POST',
    path: '/api/cleanup-grid-media',
    auth: 'charity',
    request: CleanupGridMediaRequest,
    response: SuccessResponse,
    summary: "Deletes a replaced grid file of the caller's own explore page.",
  },
  'list-explore-pages': {
    method: 'GET',
    path: '/api/explore',
    auth: 'public',
    request: ListExplorePagesRequest,
    response: ListExplorePagesResponse,
    summary: 'Active explore pages, newest first: the only explore content donors see.',
  },
});
