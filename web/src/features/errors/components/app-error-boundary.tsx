import type { ReactNode } from 'react';
import { MinimalLayout } from '@/components/layout/minimal-layout';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';

/** Top-level boundary: anything that fails outside the router's own boundaries ends on the error screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      kind="app"
      logMessage="Unhandled error in the app"
      fallback={
        <MinimalLayout>
          <ErrorScreen />
        </MinimalLayout>
      }
    >
      {children}
    </ErrorBoundary>
  );
}
