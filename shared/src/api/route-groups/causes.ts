import { defineRoutes } from '../route';
import {
  GetCharityCausesResponse,
  SaveCharityCausesRequest,
  SaveCharityCausesResponse,
} from '../schemas/causes';
import { EmptyRequest } from '../schemas/common';

/** A charity's own causes (issue 45, decision 21.4): chosen on its profile within the register's list. */
export const causeRoutes = defineRoutes({
  'get-charity-causes': {
    method: 'GET',
    path: '/api/me/causes',
    auth: 'charity',
    request: EmptyRequest,
    response: GetCharityCausesResponse,
    // Holds the register index (about 50 MB for the full register) in memory, as search does.
    memoryMb: 1024,
    summary: "The caller's chosen causes (null until it chooses) and the register's causes for its number.",
  },
  'save-charity-causes': {
    method: 'PUT',
    path: '/api/me/causes',
    auth: 'charity',
    request: SaveCharityCausesRequest,
    response: SaveCharityCausesResponse,
    summary: "Sets the caller's causes: 1 to 10 of the register's list, by slug; its discovery card follows.",
  },
});
