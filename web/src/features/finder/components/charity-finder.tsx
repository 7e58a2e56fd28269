import './finder.css';
import { brand } from '@shared/brand';
import { SEARCH_RESULT_LIMIT } from '@shared/register';
import { useLayoutEffect, useRef } from 'react';
import { useCharityFinder } from '../hooks/use-charity-finder';
import { useFinderUrl } from '../hooks/use-finder-url';
import { type FinderState, SEARCH_ERROR_MESSAGE } from '../utils/finder-state';
import { charitiesFound } from '../utils/format';
import { CharityDetailView } from './charity-detail';
import { EmptyState, ErrorState, SearchingState } from './finder-states';
import { ResultList } from './result-list';
import { SearchForm } from './search-form';

/** Where keyboard focus goes after the next render. */
type FocusRequest =
  | { kind: 'input' }
  | { kind: 'detail' }
  | { kind: 'result'; index: number }
  | { kind: 'back'; registrationNumber: string; scrollY: number };

/** What the polite live region says: the search's progress and outcome (errors speak through an alert). */
function announcement(state: FinderState): string {
  switch (state.status) {
    case 'searching':
      return 'Searching…';
    case 'results':
    case 'empty':
      return charitiesFound(state.results.length);
    default:
      return '';
  }
}

/**
 * The charity finder section of the landing page (anchor `charity-finder`): search the register by name or
 * number, page through result cards, open a charity's details and come back to the same place. The search,
 * its page and the open charity live in the address (Back, reload and sharing keep them).
 */
export function CharityFinder() {
  const finder = useCharityFinder();
  const { state, setQuery, search } = finder;
  const address = useFinderUrl(finder);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const detailHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusRequest = useRef<FocusRequest | null>(null);
  const listScrollY = useRef(0);

  // Moves focus once the screen it belongs to has rendered.
  useLayoutEffect(() => {
    const request = focusRequest.current;
    const root = rootRef.current;
    if (!request || !root) return;
    if (request.kind === 'input') {
      inputRef.current?.focus();
    } else if (request.kind === 'detail') {
      const heading = detailHeadingRef.current;
      if (!heading) return;
      heading.closest('article')?.scrollIntoView({ block: 'start', behavior: 'instant' });
      heading.focus({ preventScroll: true });
    } else if (request.kind === 'result') {
      // The first newly shown card's button: its name carries the charity's name, and Tab continues from there.
      const button = root.querySelectorAll<HTMLElement>('[data-open-detail]')[request.index];
      if (!button) return;
      button.focus({ preventScroll: true });
      button.closest('article')?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    } else {
      const button = root.querySelector<HTMLElement>(
        `[data-open-detail="${CSS.escape(request.registrationNumber)}"]`,
      );
      if (!button) return;
      window.scrollTo({ top: request.scrollY, behavior: 'instant' });
      button.focus({ preventScroll: true });
    }
    focusRequest.current = null;
  });

  const open = (registrationNumber: string) => {
    listScrollY.current = window.scrollY;
    focusRequest.current = { kind: 'detail' };
    address.open(registrationNumber);
  };
  const back = () => {
    const registrationNumber =
      state.detail.status === 'closed'
        ? null
        : (state.detail.charity?.registrationNumber ??
          (state.detail.status === 'failed' ? state.detail.registrationNumber : null));
    if (registrationNumber) {
      focusRequest.current = { kind: 'back', registrationNumber, scrollY: listScrollY.current };
    }
    address.back();
  };
  const more = () => {
    focusRequest.current = { kind: 'result', index: state.visible };
    address.more();
  };
  const clear = () => {
    focusRequest.current = { kind: 'input' };
    address.clear();
  };
  const retry = () => {
    focusRequest.current = { kind: 'input' };
    void search(state.search?.term ?? state.query);
  };

  const detailOpen = state.detail.status !== 'closed';
  return (
    <div className="finder" ref={rootRef}>
      <div className="finder__intro">
        <p className="eyebrow">Search the register</p>
        <h2 id="charity-finder-heading" className="finder__title">
          UK Charity Finder
        </h2>
        <p className="finder__lead">
          Look up any registered charity in England and Wales by its name or registration number, and see
          which ones are already on {brand.productName}.
        </p>
      </div>

      <div className="card finder__search">
        <SearchForm
          query={state.query}
          inputRef={inputRef}
          onQueryChange={setQuery}
          onSearch={() => address.submit(state.query)}
        />
      </div>

      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement(state)}
      </p>

      <div className="finder__outcome" aria-busy={state.status === 'searching'}>
        {state.status === 'searching' ? <SearchingState /> : null}
        {state.status === 'empty' ? <EmptyState term={state.search?.term ?? ''} onClear={clear} /> : null}
        {state.status === 'error' ? <ErrorState message={SEARCH_ERROR_MESSAGE} onRetry={retry} /> : null}
        {state.status === 'results' && state.detail.status !== 'closed' ? (
          <CharityDetailView detail={state.detail} headingRef={detailHeadingRef} onBack={back} />
        ) : null}
        {state.status === 'results' && !detailOpen ? (
          <ResultList
            term={state.search?.term ?? ''}
            results={state.results}
            visible={state.visible}
            limitReached={state.results.length >= SEARCH_RESULT_LIMIT}
            onOpen={open}
            onLoadMore={more}
          />
        ) : null}
      </div>
    </div>
  );
}
