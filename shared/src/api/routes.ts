import type { z } from 'zod';
import { HealthRequest, HealthResponse } from './schemas/health';
import {
  GetCharityDetailsRequest,
  GetCharityDetailsResponse,
  SearchCharitiesRequest,
  SearchCharitiesResponse,
} from './schemas/register';

/**
 * The route manifest: every HTTP operation as data. Read by the CDK API stack (one function per route),
 * the local gateway and the web client. A route id is also its handler folder
 * (`lambdas/functions/<id>/handler.ts`), its construct id and its log name.
 */
export type RouteAuth = 'public' | 'charity' | 'donor';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  id: string;
  method: HttpMethod;
  /** API Gateway path, with `{name}` parameters, always under `/api/`. */
  path: `/api/${string}`;
  auth: RouteAuth;
  /** Input: the JSON body for POST/PUT/PATCH, the query string (and path parameters) otherwise. */
  request: Req;
  /** Success body. */
  response: Res;
  /** Largest body accepted, in bytes (default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** Seconds the function may run (default 10). */
  timeoutSeconds?: number;
  /** Memory of the function in MB (default 512); more memory also means more CPU for cold starts. */
  memoryMb?: number;
  summary: string;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

function route<Req extends z.ZodType, Res extends z.ZodType>(def: RouteDefinition<Req, Res>) {
  return def;
}

export const routes = {
  health: route({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    request: HealthRequest,
    response: HealthResponse,
    summary: 'Liveness and database reachability.',
  }),
  'search-charities': route({
    id: 'search-charities',
    method: 'POST',
    path: '/api/search-charities',
    auth: 'public',
    request: SearchCharitiesRequest,
    response: SearchCharitiesResponse,
    // Holds the register index (about 50 MB for the full register) in memory.
    memoryMb: 1024,
    summary: 'Registered main charities by name or number (at most 150), flagged when on the platform.',
  }),
  'get-charity-details': route({
    id: 'get-charity-details',
    method: 'POST',
    path: '/api/get-charity-details',
    auth: 'public',
    request: GetCharityDetailsRequest,
    response: GetCharityDetailsResponse,
    memoryMb: 1024,
    summary: "One charity's register details.",
  }),
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteRequest<Id extends RouteId> = z.input<Routes[Id]['request']>;
export type RouteResponse<Id extends RouteId> = z.output<Routes[Id]['response']>;

export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Looks a route up by id; throws for an unknown id (a programming error). */
export function getRoute(id: string): RouteDefinition {
  const found = routeList.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}
