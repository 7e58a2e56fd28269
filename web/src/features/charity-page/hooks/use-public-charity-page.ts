import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { useContext, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api';
import { usePublicCharityPageQuery } from '../api/charity-page-api';
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
  const [rendered, setRendered] = useState(() => preloaded(registrationNumber));
  // The server's data is for the number the page was rendered at: once the route moves on, it is dropped.
  if (rendered && rendered.registration_number !== registrationNumber) setRendered(null);
  const valid = /^\d{1,12}$/.test(registrationNumber);
  const fromServer = rendered?.registration_number === registrationNumber;
  const query = usePublicCharityPageQuery(registrationNumber, { enabled: valid && !fromServer });
  useEffect(() => {
    if (fromServer) consumeInlineCharity();
  }, [fromServer]);

  if (fromServer && rendered) return { status: 'loaded', charity: rendered };
  if (!valid) return { status: 'not-found' };
  if (query.status === 'ready' && query.data) return { status: 'loaded', charity: query.data.charity };
  if (query.status === 'error')
    return { status: isApiError(query.error) && query.error.status === 404 ? 'not-found' : 'failed' };
  return { status: 'loading' };
}
