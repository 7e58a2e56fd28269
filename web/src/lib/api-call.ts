import { ErrorBody, ErrorCode, ErrorMessage } from '@shared/api/error-body';
import { getRoute, type RouteId, type RouteRequest, type RouteResponse } from '@shared/api/routes';
import { getApiBaseUrl } from './api-base-url';
import {
  ApiError,
  type CallOptions,
  ClientErrorCode,
  NETWORK_ERROR_MESSAGE,
  SESSION_ENDED_EVENT,
} from './api-errors';

/** A route's server time limit when it sets none (API Gateway's own limit is 30 s). */
const DEFAULT_ROUTE_SECONDS = 10;

type Input = Record<string, unknown>;

/** Fills `{name}` path parameters from the input; returns the path and the input left over. */
function fillPath(template: string, input: Input): { path: string; rest: Input } {
  const rest = { ...input };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${template}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

function toQueryString(input: Input): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * `callApi` itself (web/src/lib/api.ts loads this module, with the route manifest and zod, on the first call).
 * Calls a route of the shared manifest by id. GET and DELETE send the input as the query string, other
 * methods as a JSON body; `{name}` path parameters are taken from the input. A success is parsed with the
 * route's response schema; any failure is thrown as an {@link ApiError}.
 */
export async function callApi<Id extends RouteId>(
  id: Id,
  input: RouteRequest<Id>,
  options: CallOptions = {},
): Promise<RouteResponse<Id>> {
  const route = getRoute(id);
  const { path, rest } = fillPath(route.path, (input ?? {}) as Input);
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const url = `${options.baseUrl?.replace(/\/+$/, '') ?? getApiBaseUrl()}${path}${hasBody ? '' : toQueryString(rest)}`;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  // Never an endless "Registering...": a call without an answer in time is a network failure.
  // One controller for both: the caller's signal is forwarded (AbortSignal.any is missing in older Safari).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? ((route.timeoutSeconds ?? DEFAULT_ROUTE_SECONDS) + 10) * 1000,
  );
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const signal = controller.signal;

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(rest) : undefined,
      signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    if (isAbort(cause, options.signal) && !timedOut) {
      throw new ApiError({
        status: 0,
        code: ClientErrorCode.Aborted,
        message: 'The request was cancelled.',
        cause,
      });
    }
    throw new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_ERROR_MESSAGE, cause });
  }

  let body: unknown;
  try {
    body = await readJson(response);
  } catch (cause) {
    const code =
      isAbort(cause, options.signal) && !timedOut ? ClientErrorCode.Aborted : ClientErrorCode.Network;
    const message = code === ClientErrorCode.Aborted ? 'The request was cancelled.' : NETWORK_ERROR_MESSAGE;
    throw new ApiError({ status: response.status, code, message, cause });
  } finally {
    clearTimeout(timer);
  }

  if (response.ok) {
    const parsed = route.response.safeParse(body);
    if (parsed.success) return parsed.data as RouteResponse<Id>;
    throw new ApiError({
      status: response.status,
      code: ClientErrorCode.BadResponse,
      message: ErrorMessage.Internal,
      cause: parsed.error,
    });
  }

  const error = ErrorBody.safeParse(body);
  if (error.success) {
    const { success: _success, error: message, ...rest } = error.data;
    // The account is gone or the session was revoked (password changed, reset): the session hook signs out.
    if (rest.code === ErrorCode.SessionEnded && typeof window !== 'undefined')
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    throw new ApiError({ status: response.status, message, ...rest });
  }
  // Not our error shape (a proxy, the gateway itself): keep the status, never show its text.
  throw new ApiError({
    status: response.status,
    code: ClientErrorCode.BadResponse,
    message: response.status >= 500 ? ErrorMessage.ServiceUnavailable : ErrorMessage.Internal,
  });
}
