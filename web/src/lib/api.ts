import type { RouteId, RouteRequest, RouteResponse } from '@shared/api/routes';
import { ApiError, type CallOptions, ClientErrorCode, NETWORK_ERROR_MESSAGE } from './api-errors';

export { configureApi } from './api-base-url';
/**
 * The API client. Its errors and constants are light; `callApi` loads the route manifest and its zod schemas
 * (about 40 KB gzipped) on the first call, so no page pays for them before it talks to the API (issue 17:
 * public pages hydrate without zod).
 */
export * from './api-errors';

/**
 * Calls a route of the shared manifest by id. GET and DELETE send the input as the query string, other
 * methods as a JSON body; `{name}` path parameters are taken from the input. A success is parsed with the
 * route's response schema; any failure is thrown as an {@link ApiError}.
 */
export async function callApi<Id extends RouteId>(
  id: Id,
  input: RouteRequest<Id>,
  options: CallOptions = {},
): Promise<RouteResponse<Id>> {
  let call: typeof import('./api-call').callApi;
  try {
    ({ callApi: call } = await import('./api-call'));
  } catch (cause) {
    // The client's own chunk did not arrive (offline, a deploy replaced it): the same failure as no answer.
    throw new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_ERROR_MESSAGE, cause });
  }
  return call(id, input, options);
}
