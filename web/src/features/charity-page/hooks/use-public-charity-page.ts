import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { useEffect, useState } from 'react';
import { callApi, isApiError } from '@/lib/api';

export type PublicPageState =
  | { status: 'loading' }
  | { status: 'loaded'; charity: PublicCharityPage }
  | { status: 'not-found' }
  | { status: 'failed' };

/** Loads a charity's public page; a 404 (unknown, hidden or offline) is its own state. */
export function usePublicCharityPage(registrationNumber: string): PublicPageState {
  const [state, setState] = useState<PublicPageState>({ status: 'loading' });
  useEffect(() => {
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
  }, [registrationNumber]);
  return state;
}
