import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { discoverQueryKey, discoverQueryOf } from '@shared/discover';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '@/lib/api';
import { useDiscoverQuery } from '../api/discover-charities';
import { consumeInlineListing, PreloadedListingContext } from '../preloaded';

export type ListingState =
  | { status: 'loading' }
  /** `updating`: the previous search's answer, shown while the new one loads. */
  | { status: 'loaded'; answer: DiscoverResponse; updating: boolean }
  /** A filter the listing refuses (an edited address): its message. */
  | { status: 'invalid'; message: string }
  | { status: 'failed' };

/**
 * The listing for the address's filters (`?cause=…&place=…&size=…&page=…`). A server-rendered page starts
 * with the answer it was rendered from (PreloadedListingContext) and fetches nothing; a new search keeps the
 * last answer on screen until its own arrives.
 */
export function useDiscoverListing(search: string): ListingState {
  const key = discoverQueryKey(discoverQueryOf(search));
  const preloaded = useContext(PreloadedListingContext);
  const [rendered, setRendered] = useState(() => preloaded(key));
  // The server's data is for the address the page was rendered at: once the filters change, it is dropped.
  if (rendered && rendered.query !== key) setRendered(null);
  const fromServer = rendered?.query === key;
  const input = useMemo(() => discoverQueryOf(key), [key]);
  const query = useDiscoverQuery(input, { enabled: !fromServer });
  const last = useRef<DiscoverResponse | null>(rendered?.answer ?? null);
  useEffect(() => {
    if (fromServer) consumeInlineListing();
  }, [fromServer]);

  if (fromServer && rendered) {
    return rendered.answer
      ? { status: 'loaded', answer: rendered.answer, updating: false }
      : { status: 'invalid', message: rendered.problem ?? '' };
  }
  if (query.status === 'ready' && query.data) {
    last.current = query.data;
    return { status: 'loaded', answer: query.data, updating: false };
  }
  if (query.status === 'error') {
    const error = query.error;
    return isApiError(error) && error.status === 400
      ? { status: 'invalid', message: error.message }
      : { status: 'failed' };
  }
  return last.current ? { status: 'loaded', answer: last.current, updating: true } : { status: 'loading' };
}
