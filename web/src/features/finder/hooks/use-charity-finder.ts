import { detectSearchType } from '@shared/register';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isApiError } from '@/lib/api';
import { getCharityDetails } from '../api/get-charity-details';
import { searchCharities } from '../api/search-charities';
import { finderReducer, initialFinderState } from '../utils/finder-state';

/** Why a detail request failed, for "Failed to load charity details: <reason>". */
function failureReason(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message;
  return 'Something went wrong';
}

/**
 * The finder's state and commands. Owns the requests: a new search or an edit of the query aborts the
 * search in flight (AbortController), and details are fetched only when a result is chosen.
 */
export function useCharityFinder() {
  const [state, dispatch] = useReducer(finderReducer, initialFinderState);
  const lastId = useRef(0);
  const searchRequest = useRef<AbortController | null>(null);
  const detailRequest = useRef<AbortController | null>(null);

  const abortSearch = useCallback(() => {
    searchRequest.current?.abort();
    searchRequest.current = null;
  }, []);
  const abortDetail = useCallback(() => {
    detailRequest.current?.abort();
    detailRequest.current = null;
  }, []);

  useEffect(
    () => () => {
      abortSearch();
      abortDetail();
    },
    [abortSearch, abortDetail],
  );

  const setQuery = useCallback(
    (query: string) => {
      abortSearch();
      abortDetail();
      dispatch({ type: 'queryChanged', query });
    },
    [abortSearch, abortDetail],
  );

  const search = useCallback(
    async (text: string) => {
      abortSearch();
      abortDetail();
      const term = text.trim();
      if (!term) {
        dispatch({ type: 'searchCleared' });
        return;
      }
      lastId.current += 1;
      const id = lastId.current;
      const controller = new AbortController();
      searchRequest.current = controller;
      dispatch({ type: 'searchStarted', id, term, searchType: detectSearchType(term) });
      try {
        const charities = await searchCharities(term, controller.signal);
        if (!controller.signal.aborted) dispatch({ type: 'searchSucceeded', id, charities });
      } catch {
        // Any failure (network, 5xx, bad answer) shows the one search error state; an abort shows nothing.
        if (!controller.signal.aborted) dispatch({ type: 'searchFailed', id });
      } finally {
        if (searchRequest.current === controller) searchRequest.current = null;
      }
    },
    [abortSearch, abortDetail],
  );

  const openDetail = useCallback(
    async (registrationNumber: string) => {
      abortDetail();
      lastId.current += 1;
      const id = lastId.current;
      dispatch({ type: 'detailOpened', id, registrationNumber });
      const charity = state.results.find((c) => c.registrationNumber === registrationNumber);
      if (!charity) return;
      const controller = new AbortController();
      detailRequest.current = controller;
      try {
        const detail = await getCharityDetails(charity, controller.signal);
        if (!controller.signal.aborted) dispatch({ type: 'detailSucceeded', id, detail });
      } catch (error) {
        if (!controller.signal.aborted) dispatch({ type: 'detailFailed', id, reason: failureReason(error) });
      } finally {
        if (detailRequest.current === controller) detailRequest.current = null;
      }
    },
    [abortDetail, state.results],
  );

  const closeDetail = useCallback(() => {
    abortDetail();
    dispatch({ type: 'detailClosed' });
  }, [abortDetail]);

  const loadMore = useCallback(() => dispatch({ type: 'moreLoaded' }), []);

  const reset = useCallback(() => {
    abortSearch();
    abortDetail();
    dispatch({ type: 'searchReset' });
  }, [abortSearch, abortDetail]);

  return { state, setQuery, search, openDetail, closeDetail, loadMore, reset };
}
