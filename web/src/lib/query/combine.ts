import type { QueryResult } from './use-query';

type Read = Pick<QueryResult<unknown>, 'status' | 'error' | 'refetch'>;

export interface CombinedQueries {
  /** Loading until every read is ready; an error as soon as one fails. */
  status: QueryResult<unknown>['status'];
  /** The first failure of a first load. */
  error: unknown;
  /** Loads again what failed (showing loading meanwhile). */
  retry: () => Promise<void>;
}

/** A page that reads two routes or more shows them as one: one loading state, one failure, one retry. */
export function combineQueries(reads: readonly Read[]): CombinedQueries {
  const failed = reads.find((read) => read.status === 'error');
  return {
    status: failed ? 'error' : reads.every((read) => read.status === 'ready') ? 'ready' : 'loading',
    error: failed?.error,
    retry: async () => {
      await Promise.all(reads.filter((read) => read.status === 'error').map((read) => read.refetch()));
    },
  };
}
