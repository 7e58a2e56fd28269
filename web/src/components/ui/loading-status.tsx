import type { ReactNode } from 'react';

/** A page or panel still loading: a spinner and its text, announced politely (role="status"). */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p className="page-loading-text" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
