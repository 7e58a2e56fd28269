import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { useContext, useEffect, useState } from 'react';
import { callApi, isApiError } from '@/lib/api';
import { consumeInlineCharity, PreloadedCharityContext } from '../preloaded';

export type PublicPageState =
  | { status: 'loading' }
  | { status: 'loaded'; charity: PublicCharityPage }
  | { status: 'not-found' }
  | { status: 'failed' };

/**
 * Loads a charity's public page; a 404 (unknown, hidden or offline) is its own state. A server-rendered
 * page starts loaded, with the data it was rendered from (PreloadedCharityContext), and fetches nothing.
 */
export function usePublicCharityPage(registrationNumber: string): PublicPageState {
  const preloaded = useContext(PreloadedCharityContext);
  const [initial] = useState(() => preloaded(registrationNumber));
  const [state, setState] = useState<PublicPageState>(
    initial ? { status: 'loaded', charity: initial } : { status: 'loading' },
  );
  useEffect(() => {
    // The server's data is for the number the page was rendered at, not one the route moved to since.
    if (initial?.registration_number === registrationNumber) {
      consumeInlineCharity();
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    if (!/^\d{1,12}$/.test(registrationNumber)) {
      setState({ status: 'not-found' });
      return;
    }
    callApi('get-public-charity-page', { registrationNumber }, { signal: controller.signal })
      .then((result) => setState({ status: 'loaded', charity: result.charity }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: isApiError(error) && error.status === 404 ? 'not-found' : 'failed' });
      });
    return () => controller.abort();
  }, [registrationNumber, initial]);
  return state;
}
