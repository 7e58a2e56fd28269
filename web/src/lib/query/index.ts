/** The web's data layer: one query hook keyed by route id and input, invalidated by route id after a change. */
export { clearScope, invalidate, type QueryState } from './store';
export { type MutationResult, type MutationStatus, useMutation } from './use-mutation';
export { type QueryOptions, type QueryResult, usePublicQuery, useRouteQuery } from './use-query';
