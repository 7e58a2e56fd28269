import type { ReactNode } from 'react';

/** The small done / to-do state label of cards and checklists (styles in utilities.css). */
export function StatusPill({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <span className={`status-pill ${done ? 'status-pill--done' : 'status-pill--todo'}`}>{children}</span>
  );
}
