import { detectSearchType, SEARCH_TERM_MAX_LENGTH } from '@shared/register';
import type { FormEvent, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { FinderIcon } from './finder-icon';

interface SearchFormProps {
  query: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onQueryChange: (query: string) => void;
  onSearch: () => void;
}

/** One box for a name or a registration number, the detected search type as a badge, and Search (or Enter). */
export function SearchForm({ query, inputRef, onQueryChange, onSearch }: SearchFormProps) {
  const searchType = detectSearchType(query);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <search>
      <form className="finder-form" onSubmit={submit}>
        <label className="finder-form__label" htmlFor="finder-query">
          Charity name or registration number
        </label>
        <div className="finder-form__row">
          <div className="finder-form__field">
            <span className="finder-form__field-icon">
              <FinderIcon name="search" />
            </span>
            <input
              ref={inputRef}
              id="finder-query"
              className="finder-form__input"
              type="search"
              name="searchTerm"
              value={query}
              maxLength={SEARCH_TERM_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              aria-describedby="finder-search-type"
              onChange={(event) => onQueryChange(event.target.value)}
            />
          </div>
          <Button type="submit" className="finder-form__submit">
            Search
          </Button>
        </div>
        <p className="finder-form__meta" id="finder-search-type">
          <span className="finder-form__meta-label">Search type</span>
          <span
            className={`status-pill finder-badge finder-badge--type finder-badge--${searchType}`}
            data-search-type={searchType}
          >
            <FinderIcon name={searchType === 'number' ? 'hash' : 'text'} size={16} />
            {searchType === 'number' ? 'Number' : 'Name'}
          </span>
          <span className="finder-form__meta-hint">
            {searchType === 'number'
              ? 'Digits only: we look up the registration number.'
              : 'Type digits only to look up a registration number.'}
          </span>
        </p>
      </form>
    </search>
  );
}
