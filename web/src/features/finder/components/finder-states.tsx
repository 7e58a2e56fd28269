import { Button } from '@/components/ui/button';
import { FinderIcon } from './finder-icon';

/** Searching: a calm placeholder of a few cards (the live region says "Searching…"). */
export function SearchingState() {
  return (
    <div className="finder-searching">
      <p className="finder-searching__text">
        <span className="finder-spinner" aria-hidden="true" />
        Searching…
      </p>
      <ul className="finder-skeletons" aria-hidden="true">
        <li className="finder-skeleton" />
        <li className="finder-skeleton" />
        <li className="finder-skeleton" />
      </ul>
    </div>
  );
}

/** No results: say so, suggest what to try, and offer "Clear Search". */
export function EmptyState({ term, onClear }: { term: string; onClear: () => void }) {
  return (
    <div className="card finder-panel finder-panel--empty">
      <span className="icon-circle finder-panel__icon">
        <FinderIcon name="compass" size={24} />
      </span>
      <h3 className="finder-panel__title">No charities found for “{term}”</h3>
      <p className="finder-panel__text">
        Check the spelling, try fewer or different words, or search by the charity’s registration number.
      </p>
      <Button variant="secondary" onClick={onClear}>
        Clear Search
      </Button>
    </div>
  );
}

/** The search failed: the spec's message, results cleared, and "Retry Search". */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card finder-panel finder-panel--error" role="alert">
      <span className="icon-circle finder-panel__icon">
        <FinderIcon name="alert" size={24} />
      </span>
      <p className="finder-panel__text finder-panel__text--strong">{message}</p>
      <Button onClick={onRetry}>Retry Search</Button>
    </div>
  );
}
