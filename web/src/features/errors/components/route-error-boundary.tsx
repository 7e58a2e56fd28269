import type { ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';

/**
 * Around each page: a render error (or a route module that fails to load) shows the generic error screen
 * inside the site frame. Keyed by the address in the root route, so moving on starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary kind="route" logMessage="Route error" fallback={<ErrorScreen />}>
      {children}
    </ErrorBoundary>
  );
}
