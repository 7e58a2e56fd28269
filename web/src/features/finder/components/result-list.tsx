import type { CharitySearchResult } from '@shared/api/schemas/register';
import { Button } from '@/components/ui/button';
import { charitiesFound } from '../utils/format';
import { hasMore } from '../utils/pagination';
import { ResultCard } from './result-card';

interface ResultListProps {
  term: string;
  results: CharitySearchResult[];
  visible: number;
  limitReached: boolean;
  onOpen: (registrationNumber: string) => void;
  onLoadMore: () => void;
}

/** The result cards, RESULTS_PAGE_SIZE at a time, with "Load More Charities" while any are left. */
export function ResultList({ term, results, visible, limitReached, onOpen, onLoadMore }: ResultListProps) {
  const shown = results.slice(0, visible);
  return (
    <div className="finder-results">
      <p className="finder-results__summary">
        <strong>{charitiesFound(results.length)}</strong> for “{term}”
      </p>
      <ol className="finder-results__list">
        {shown.map((charity) => (
          <li key={charity.registrationNumber}>
            <ResultCard charity={charity} onOpen={onOpen} />
          </li>
        ))}
      </ol>
      <div className="finder-results__more">
        <p className="finder-results__count">
          Showing {shown.length} of {results.length}
        </p>
        {hasMore(visible, results.length) ? (
          <Button variant="secondary" onClick={onLoadMore}>
            Load More Charities
          </Button>
        ) : null}
        {limitReached && !hasMore(visible, results.length) ? (
          <p className="finder-results__limit">
            These are the closest {results.length} matches. Add another word to narrow your search.
          </p>
        ) : null}
      </div>
    </div>
  );
}
