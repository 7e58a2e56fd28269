import { useEffect, useState } from 'react';

/** A mail link's token, from its fragment (`#token=`); the query string is never read. */
function tokenFromFragment(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') || null;
}

/** The page's link token, read once; it then leaves the address bar (and so history and screenshots). */
export function useLinkToken(): string | null {
  const [token] = useState(tokenFromFragment);
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }, []);
  return token;
}
