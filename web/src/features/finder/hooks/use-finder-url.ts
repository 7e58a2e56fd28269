import { detectSearchType } from '@shared/register';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type FinderParams, finderParams, pagesShown, readFinderParams } from '../utils/finder-url';
import type { useCharityFinder } from './use-charity-finder';

type Finder = ReturnType<typeof useCharityFinder>;

/**
 * Keeps the finder in the address (`?q=…&type=…&page=…&charity=…`): a search and an opened charity are new
 * history entries, so Back from a charity's details returns to the results, a reload restores both, and a
 * search can be shared. The address leads: the finder follows it, including on Back and Forward.
 */
export function useFinderUrl(finder: Finder) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wanted = readFinderParams(params);
  const { state, setQuery, search, openDetail, closeDetail, loadMore, reset } = finder;
  /**
   * The open charity a command of ours has just written to the address (null: none), until the address shows
   * it: the router applies navigations in a transition, after the finder's own update.
   */
  const pendingCharity = useRef<string | null | undefined>(undefined);

  // The search in the address (first load, Back, Forward). Our own writes already match it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address's query changes, no more
  useEffect(() => {
    if (wanted.q && state.search?.term !== wanted.q) {
      setQuery(wanted.q);
      void search(wanted.q);
    } else if (!wanted.q && state.search) {
      reset();
    }
  }, [wanted.q]);

  // Pages shown and the open charity, once the results are there.
  useEffect(() => {
    if (state.status !== 'results') return;
    if (pendingCharity.current !== undefined) {
      if (wanted.charity !== pendingCharity.current) return;
      pendingCharity.current = undefined;
    }
    if (pagesShown(state.visible) < wanted.page && state.visible < state.results.length) {
      loadMore();
      return;
    }
    const open =
      state.detail.status === 'closed'
        ? null
        : state.detail.status === 'failed'
          ? state.detail.registrationNumber
          : state.detail.charity.registrationNumber;
    if (wanted.charity && open !== wanted.charity) void openDetail(wanted.charity);
    else if (!wanted.charity && open) {
      closeDetail();
    }
  }, [state, wanted.page, wanted.charity, loadMore, openDetail, closeDetail]);

  const write = useCallback(
    (next: Parameters<typeof finderParams>[0], replace: boolean) => {
      const search = finderParams(next).toString();
      // The section's anchor stays in the address, so a reload or a shared link lands on the finder.
      navigate(
        { search: search ? `?${search}` : '', hash: 'charity-finder' },
        { replace, state: { keepScroll: true } },
      );
    },
    [navigate],
  );

  /** The address's search with one change (the page shown, the open charity). */
  const writeHere = (change: Partial<FinderParams>, replace: boolean) =>
    write({ ...wanted, type: detectSearchType(wanted.q), ...change }, replace);

  // Each command acts at once (as before the address held anything) and records itself in the address.
  return {
    /** A new search: a new history entry (the same search again only searches). */
    submit: (term: string) => {
      const q = term.trim();
      void search(q);
      if (!q) write({}, true);
      else if (q !== wanted.q) write({ q, type: detectSearchType(q) }, false);
    },
    open: (registrationNumber: string) => {
      void openDetail(registrationNumber);
      pendingCharity.current = registrationNumber;
      writeHere({ charity: registrationNumber }, false);
    },
    back: () => {
      // Replaces the details' entry (history back would race the focus and scroll the list restores).
      closeDetail();
      pendingCharity.current = null;
      writeHere({ charity: null }, true);
    },
    more: () => {
      loadMore();
      writeHere({ page: pagesShown(state.visible) + 1, charity: null }, true);
    },
    clear: () => {
      reset();
      write({}, true);
    },
  };
}
