import { defineRoutes } from '../route';
import {
  GetCharityDetailsRequest,
  GetCharityDetailsResponse,
  SearchCharitiesRequest,
  SearchCharitiesResponse,
} from '../schemas/register';

/** The charity register: the finder and its detail view. */
export const registerRoutes = defineRoutes({
  'search-charities': {
    method: 'POST',
    path: '/api/search-charities',
    auth: 'public',
    request: SearchCharitiesRequest,
    response: SearchCharitiesResponse,
    // Holds the register index (about 50 MB for the full register) in memory.
    memoryMb: 1024,
    summary: 'Registered main charities by name or number (at most 150), flagged when on the platform.',
  },
  'get-charity-details': {
    method: 'POST',
    path: '/api/get-charity-details',
    auth: 'public',
    request: GetCharityDetailsRequest,
    response: GetCharityDetailsResponse,
    memoryMb: 1024,
    summary: "One charity's register details.",
  },
});
