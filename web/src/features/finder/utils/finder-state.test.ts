import type { CharityDetail, CharitySearchResult } from '@shared/api/schemas/register';
import {
  detailsFailedMessage,
  type FinderAction,
  type FinderState,
  finderReducer,
  initialFinderState,
  NOT_IN_RESULTS_MESSAGE,
  SEARCH_ERROR_MESSAGE,
  visibleResults,
} from './finder-state';

/** Test-data builder: a search result with overridable fields. */
function result(n: number, overrides: Partial<CharitySearchResult> = {}): CharitySearchResult {
  return {
    registrationNumber: String(5100000 + n),
    name: `Charity ${n}`,
    isActive: true,
    registrationDate: '2004-01-10',
    activities: 'Helps people.',
    website: null,
    isOnKindred: false,
    isLive: false,
    ...overrides,
  };
}

function detail(charity: CharitySearchResult): CharityDetail {
  return {
    name: charity.name,
    registrationNumber: charity.registrationNumber,
    isActive: true,
    email: null,
    phone: null,
    website: null,
    address: null,
    registrationDate: charity.registrationDate,
    removalDate: null,
    income: null,
    expenditure: null,
    trustees: [],
    employees: null,
    volunteers: null,
    activities: null,
    objectives: null,
    areaOfOperation: [],
    causes: [],
  };
}

function run(actions: FinderAction[], from: FinderState = initialFinderState): FinderState {
  return actions.reduce(finderReducer, from);
}

const many = Array.from({ length: 36 }, (_, i) => result(i));

describe('finderReducer: searching', () => {
  it('goes idle -> searching -> results with the first 15 shown', () => {
    const searching = run([
      { type: 'queryChanged', query: 'friends' },
      { type: 'searchStarted', id: 1, term: 'friends', searchType: 'name' },
    ]);
    expect(searching.status).toBe('searching');
    expect(searching.search).toEqual({ id: 1, term: 'friends', searchType: 'name' });
    const done = finderReducer(searching, { type: 'searchSucceeded', id: 1, charities: many });
    expect(done.status).toBe('results');
    expect(done.visible).toBe(15);
    expect(visibleResults(done).map((c) => c.name)).toEqual(many.slice(0, 15).map((c) => c.name));
  });

  it('shows the empty state when nothing matches', () => {
    const state = run([
      { type: 'searchStarted', id: 1, term: 'zzzz', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: [] },
    ]);
    expect(state.status).toBe('empty');
    expect(state.results).toEqual([]);
  });

  it('shows the error state and clears results on failure', () => {
    const state = run([
      { type: 'searchStarted', id: 1, term: 'a', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: many },
      { type: 'searchStarted', id: 2, term: 'b', searchType: 'name' },
      { type: 'searchFailed', id: 2 },
    ]);
    expect(state.status).toBe('error');
    expect(state.results).toEqual([]);
    expect(state.visible).toBe(0);
    // Retry Search re-runs the same term.
    expect(state.search?.term).toBe('b');
    expect(SEARCH_ERROR_MESSAGE).toBe(
      'The charity database search is temporarily unavailable. Please try again in a moment.',
    );
  });

  it('ignores the answer to a superseded search', () => {
    const state = run([
      { type: 'searchStarted', id: 1, term: 'a', searchType: 'name' },
      { type: 'searchStarted', id: 2, term: 'ab', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: many },
    ]);
    expect(state.status).toBe('searching');
    expect(state.results).toEqual([]);
    expect(run([{ type: 'searchFailed', id: 1 }], state).status).toBe('searching');
  });

  it('clears shown results and forgets the search in flight when the query is edited', () => {
    const shown = run([
      { type: 'queryChanged', query: 'friends' },
      { type: 'searchStarted', id: 1, term: 'friends', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: many },
    ]);
    const edited = finderReducer(shown, { type: 'queryChanged', query: 'friend' });
    expect(edited).toMatchObject({ query: 'friend', status: 'idle', results: [], visible: 0, search: null });

    const inFlight = run([
      { type: 'queryChanged', query: 'x' },
      { type: 'searchStarted', id: 1, term: 'food', searchType: 'name' },
      { type: 'queryChanged', query: 'foo' },
      { type: 'searchSucceeded', id: 1, charities: many },
    ]);
    expect(inFlight).toMatchObject({ status: 'idle', results: [] });
  });

  it('an empty or whitespace search clears results', () => {
    const state = run([
      { type: 'searchStarted', id: 1, term: 'a', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: many },
      { type: 'searchCleared' },
    ]);
    expect(state).toMatchObject({ status: 'idle', results: [], visible: 0, search: null });
  });

  it('Clear Search empties the box too', () => {
    const state = run([
      { type: 'queryChanged', query: 'zzzz' },
      { type: 'searchStarted', id: 1, term: 'zzzz', searchType: 'name' },
      { type: 'searchSucceeded', id: 1, charities: [] },
      { type: 'searchReset' },
    ]);
    expect(state).toEqual(initialFinderState);
  });
});

describe('finderReducer: Load More', () => {
  it('adds 15 at a time up to the total, then stops', () => {
    const base = run([
      { type: 'searchStarted', id: 1, term: '5100', searchType: 'number' },
      { type: 'searchSucceeded', id: 1, charities: many },
    ]);
    const once = finderReducer(base, { type: 'moreLoaded' });
    expect(once.visible).toBe(30);
    const twice = finderReducer(once, { type: 'moreLoaded' });
    expect(twice.visible).toBe(36);
    expect(finderReducer(twice, { type: 'moreLoaded' })).toBe(twice);
  });
});

describe('finderReducer: detail view', () => {
  const base = run([
    { type: 'searchStarted', id: 1, term: '5100', searchType: 'number' },
    { type: 'searchSucceeded', id: 1, charities: many },
    { type: 'moreLoaded' },
  ]);
  const chosen = many[20]!;

  it('opens a chosen result, loads it, and Back to Results keeps the list and page', () => {
    const loading = finderReducer(base, {
      type: 'detailOpened',
      id: 2,
      registrationNumber: chosen.registrationNumber,
    });
    expect(loading.detail).toEqual({ status: 'loading', id: 2, charity: chosen });
    const loaded = finderReducer(loading, { type: 'detailSucceeded', id: 2, detail: detail(chosen) });
    expect(loaded.detail).toMatchObject({ status: 'loaded', charity: chosen, detail: detail(chosen) });
    const back = finderReducer(loaded, { type: 'detailClosed' });
    expect(back.detail).toEqual({ status: 'closed' });
    expect(back.results).toBe(base.results);
    expect(back.visible).toBe(30);
  });

  it('reports a failed detail load with the spec prefix', () => {
    const state = run(
      [
        { type: 'detailOpened', id: 2, registrationNumber: chosen.registrationNumber },
        { type: 'detailFailed', id: 2, reason: 'Charity not found' },
      ],
      base,
    );
    expect(state.detail).toMatchObject({
      status: 'failed',
      registrationNumber: chosen.registrationNumber,
      message: 'Failed to load charity details: Charity not found',
    });
    expect(detailsFailedMessage('x')).toBe('Failed to load charity details: x');
  });

  it('says "Charity not found in search results" for a charity not in the list', () => {
    const state = finderReducer(base, { type: 'detailOpened', id: 2, registrationNumber: '999' });
    expect(state.detail).toMatchObject({ status: 'failed', charity: null, message: NOT_IN_RESULTS_MESSAGE });
    expect(NOT_IN_RESULTS_MESSAGE).toBe('Charity not found in search results');
  });

  it('ignores a detail answer after Back to Results or for an older request', () => {
    const closed = run(
      [
        { type: 'detailOpened', id: 2, registrationNumber: chosen.registrationNumber },
        { type: 'detailClosed' },
        { type: 'detailSucceeded', id: 2, detail: detail(chosen) },
      ],
      base,
    );
    expect(closed.detail).toEqual({ status: 'closed' });
    const reopened = run(
      [
        { type: 'detailOpened', id: 2, registrationNumber: chosen.registrationNumber },
        { type: 'detailOpened', id: 3, registrationNumber: many[0]!.registrationNumber },
        { type: 'detailFailed', id: 2, reason: 'late' },
      ],
      base,
    );
    expect(reopened.detail).toMatchObject({ status: 'loading', id: 3 });
  });

  it('closes the detail view when the query is edited or a new search starts', () => {
    const open = finderReducer(base, {
      type: 'detailOpened',
      id: 2,
      registrationNumber: chosen.registrationNumber,
    });
    expect(finderReducer(open, { type: 'queryChanged', query: 'new' }).detail).toEqual({ status: 'closed' });
    expect(
      finderReducer(open, { type: 'searchStarted', id: 3, term: 'new', searchType: 'name' }).detail,
    ).toEqual({ status: 'closed' });
  });
});
