import { type ReactNode, useState } from 'react';
import { barPercent } from '@/lib/format';
import './bar-chart.css';

export interface Bar {
  /** Unique within the chart (e.g. `2025-03`). */
  key: string;
  /** Under the bar: "Mar". */
  label: string;
  /** In the table: "March 2025". */
  longLabel: string;
  value: number;
  /** The value as people read it: "£25", "1,204". */
  text: string;
}

/**
 * A calm CSS bar chart (no chart library) with its data as a table: the bars are a picture (hidden from
 * assistive technology); the table is what screen readers read, and "Show as a table" shows it to everyone.
 */
export function BarChart({
  id,
  title,
  caption,
  valueHeader,
  bars,
  actions,
}: {
  id: string;
  title: string;
  /** The table's caption: what the figures are ("Donations paid by month, last 6 months"). */
  caption: string;
  /** The table's value column: "Donations". */
  valueHeader: string;
  bars: readonly Bar[];
  actions?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const tableId = `${id}-table`;
  return (
    <section className="card bar-chart" aria-labelledby={`${id}-title`}>
      <div className="bar-chart__head">
        <h3 id={`${id}-title`} className="bar-chart__title">
          {title}
        </h3>
        {actions}
        <button
          type="button"
          className="link-button bar-chart__toggle"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </button>
      </div>
      {asTable ? null : (
        <ol
          className="bar-chart__bars"
          style={{ gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))` }}
          data-many={bars.length > 6 ? '' : undefined}
          aria-hidden="true"
        >
          {bars.map((bar) => (
            <li key={bar.key} className="bar-chart__bar">
              <span className="bar-chart__value">{bar.text}</span>
              <span className="bar-chart__track">
                <span className="bar-chart__fill" style={{ height: `${barPercent(bar.value, max)}%` }} />
              </span>
              <span className="bar-chart__label">{bar.label}</span>
            </li>
          ))}
        </ol>
      )}
      {/* Hidden by a wrapper: a table is never narrower than its content, so it cannot hide itself. */}
      <div className={asTable ? undefined : 'visually-hidden'}>
        <table id={tableId} className={asTable ? 'bar-chart__table' : undefined}>
          <caption className={asTable ? 'bar-chart__caption' : undefined}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.longLabel}</th>
                <td>{bar.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
