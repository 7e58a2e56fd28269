import type { z } from 'zod';

/**
 * The route manifest: every HTTP operation as data. Read by the CDK API stack (one function per route),
 * the local gateway and the web client. A route id is also its handler folder
 * (`lambdas/functions/<id>/handler.ts`), its construct id and its log name.
 */
export type RouteAuth = 'public' | 'charity' | 'donor';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends RouteAuth = RouteAuth,
> {
  id: string;
  method: HttpMethod;
  /** API Gateway path, with `{name}` parameters, always under `/api/`. */
  path: `/api/${string}`;
  auth: Auth;
  /** Input: the JSON body for POST/PUT/PATCH, the query string (and path parameters) otherwise. */
  request: Req;
  /** Success body. */
  response: Res;
  /**
   * A document crawlers and shared links open (HTML, XML): it answers its path whatever the query string
   * (`?utm_source=…`, `?fbclid=…`), which it never reads (but for its `documentQuery` keys); CloudFront sends it
   * none.
   */
  document?: true;
  /**
   * The query keys a document reads (its filters, e.g. `/charities?cause=…`): only these, every other key is
   * dropped before validation, and CloudFront keys the document's cache on exactly these.
   */
  documentQuery?: readonly string[];
  /**
   * A webhook: the body is bytes a signature covers, not JSON to parse. The input is then
   * `{ body: <base64 of the exact bytes>, signature: <the value of this header> }`, for the route to verify.
   */
  signedBodyHeader?: string;
  /**
   * RFC 8058's one-click POST (a mail's `List-Unsubscribe`): the input is the query string alone, and the body
   * (`List-Unsubscribe=One-Click`, a form the mail provider sends) is not read, whatever its type.
   */
  oneClickPost?: true;
  /** Largest body accepted, in bytes (default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** Seconds the function may run (default 10). */
  timeoutSeconds?: number;
  /** Memory of the function in MB (default 512); more memory also means more CPU for cold starts. */
  memoryMb?: number;
  summary: string;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** A route as written in its group: everything but the id, which is its key there. */
export type RouteSpec = Omit<RouteDefinition, 'id'>;

/** A group's routes, each with its key as its `id`. */
export type DefinedRoutes<Specs extends Record<string, RouteSpec>> = {
  readonly [Id in keyof Specs & string]: Specs[Id] & { readonly id: Id };
};

/**
 * Declares a route group: `defineRoutes({ health: { method: 'GET', ... } })`. Each route's id is its key, so
 * the two can never differ; the literal types (auth, schemas) are kept for the handler's typing.
 */
export function defineRoutes<const Specs extends Record<string, RouteSpec>>(
  specs: Specs,
): DefinedRoutes<Specs> {
  return Object.fromEntries(
    Object.entries(specs).map(([id, spec]) => [id, { id, ...spec }]),
  ) as DefinedRoutes<Specs>;
}
