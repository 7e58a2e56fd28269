import type { ReactNode } from 'react';
import './stat-cards.css';

/** A list of figure cards in a grid (one `StatCard` per item). */
export function StatGrid({ children }: { children: ReactNode }) {
  return <ul className="stat-grid">{children}</ul>;
}

/**
 * One figure: its label (with an optional tag beside it, e.g. "Sample"), the value in the serif, and a note
 * below; `value` may be any node (a "Coming Soon" pill).
 */
export function StatCard({
  label,
  tag,
  value,
  note,
}: {
  label: string;
  tag?: ReactNode;
  value: ReactNode;
  note: string;
}) {
  return (
    <li className="card stat-card">
      <span className="stat-card__label">
        {label}
        {tag ? <> {tag}</> : null}
      </span>
      {typeof value === 'string' ? <span className="stat-card__value">{value}</span> : value}
      <span className="stat-card__note">{note}</span>
    </li>
  );
}
