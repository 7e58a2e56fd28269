import type { CharityDetail, CharitySearchResult } from '@shared/api/schemas/register';
import type { SearchType } from '@shared/register';
import { firstPageCount, hasMore, nextPageCount } from './pagination';

/** Search failure text (public-site spec, section 8). */
export const SEARCH_ERROR_MESSAGE =
  'The charity database search is temporarily unavailable. Please try again in a moment.';
/** Shown when the chosen charity is not among the current results (spec, section 8). */
export const NOT_IN_RESULTS_MESSAGE = 'Charity not found in search results';

/** "Failed to load charity details: <reason>" (spec, section 8). */
export function detailsFailedMessage(reason: string): string {
  return `Failed to load charity details: ${reason}`;
}

export interface SubmittedSearch {
  /** Increases with every request, so an answer to an older one is ignored. */
  id: number;
  term: string;
  searchType: SearchType;
}

/** The list side of the finder (spec, section 4): idle, searching, then results, empty or error. */
export type SearchStatus = 'idle' | 'searching' | 'results' | 'empty' | 'error';

/** The detail view that replaces the list while a charity is open. */
export type DetailState =
  | { status: 'closed' }
  | { status: 'loading'; id: number; charity: CharitySearchResult }
  | { status: 'loaded'; id: number; charity: CharitySearchResult; detail: CharityDetail }
  | {
      status: 'failed';
      id: number;
      registrationNumber: string;
      charity: CharitySearchResult | null;
      message: string;
    };

export interface FinderState {
  /** The text in the search box. */
  query: string;
  status: SearchStatus;
  /** The search shown or in flight (null when idle). */
  search: SubmittedSearch | null;
  results: CharitySearchResult[];
  /** How many of the results are shown (pages of RESULTS_PAGE_SIZE). */
  visible: number;
  detail: DetailState;
}

export const initialFinderState: FinderState = {
  query: '',
  status: 'idle',
  search: null,
  results: [],
  visible: 0,
  detail: { status: 'closed' },
};

export type FinderAction =
  | { type: 'queryChanged'; query: string }
  | { type: 'searchStarted'; id: number; term: string; searchType: SearchType }
  | { type: 'searchCleared' }
  | { type: 'searchSucceeded'; id: number; charities: CharitySearchResult[] }
  | { type: 'searchFailed'; id: number }
  | { type: 'moreLoaded' }
  | { type: 'detailOpened'; id: number; registrationNumber: string }
  | { type: 'detailSucceeded'; id: number; detail: CharityDetail }
  | { type: 'detailFailed'; id: number; reason: string }
  | { type: 'detailClosed' }
  | { type: 'searchReset' };

const cleared = {
  status: 'idle',
  search: null,
  results: [],
  visible: 0,
  detail: { status: 'closed' },
} as const satisfies Partial<FinderState>;

/** The finder's state machine. Pure: the hook owns the requests and their abort controllers. */
export function finderReducer(state: FinderState, action: FinderAction): FinderState {
  switch (action.type) {
    case 'queryChanged':
      // Editing the query clears what is shown and forgets the search in flight (spec, section 4).
      if (action.query === state.query) return state;
      return { ...state, ...cleared, query: action.query };
    case 'searchStarted':
      return {
        ...state,
        ...cleared,
        status: 'searching',
        search: { id: action.id, term: action.term, searchType: action.searchType },
      };
    case 'searchCleared':
      // An empty or whitespace query clears results and makes no call (spec, section 5).
      return { ...state, ...cleared };
    case 'searchSucceeded': {
      if (state.status !== 'searching' || state.search?.id !== action.id) return state;
      const results = action.charities;
      return {
        ...state,
        status: results.length > 0 ? 'results' : 'empty',
        results,
        visible: firstPageCount(results.length),
        detail: { status: 'closed' },
      };
    }
    case 'searchFailed':
      if (state.status !== 'searching' || state.search?.id !== action.id) return state;
      return { ...state, status: 'error', results: [], visible: 0, detail: { status: 'closed' } };
    case 'moreLoaded':
      if (state.status !== 'results' || !hasMore(state.visible, state.results.length)) return state;
      return { ...state, visible: nextPageCount(state.visible, state.results.length) };
    case 'detailOpened': {
      if (state.status !== 'results') return state;
      const { id } = action;
      const charity = state.results.find((c) => c.registrationNumber === action.registrationNumber);
      if (!charity) {
        return {
          ...state,
          detail: {
            status: 'failed',
            id,
            registrationNumber: action.registrationNumber,
            charity: null,
            message: NOT_IN_RESULTS_MESSAGE,
          },
        };
      }
      return { ...state, detail: { status: 'loading', id, charity } };
    }
    case 'detailSucceeded':
      if (state.detail.status !== 'loading' || state.detail.id !== action.id) return state;
      return {
        ...state,
        detail: { status: 'loaded', id: action.id, charity: state.detail.charity, detail: action.detail },
      };
    case 'detailFailed':
      if (state.detail.status !== 'loading' || state.detail.id !== action.id) return state;
      return {
        ...state,
        detail: {
          status: 'failed',
          id: action.id,
          registrationNumber: state.detail.charity.registrationNumber,
          charity: state.detail.charity,
          message: detailsFailedMessage(action.reason),
        },
      };
    case 'detailClosed':
      if (state.detail.status === 'closed') return state;
      return { ...state, detail: { status: 'closed' } };
    case 'searchReset':
      return { ...state, ...cleared, query: '' };
  }
}

/** The results on screen: the first `visible` of them. */
export function visibleResults(state: FinderState): CharitySearchResult[] {
  return state.results.slice(0, state.visible);
}
