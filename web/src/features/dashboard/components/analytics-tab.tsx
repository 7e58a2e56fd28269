import { StatCard, StatGrid } from '@/components/ui/stat-cards';
import { barPercent, formatCount, formatPounds } from '@/lib/format';
import {
  SAMPLE_ACTIVITY,
  SAMPLE_ANALYTICS_CARDS,
  SAMPLE_DONATIONS,
  SAMPLE_MONTHS,
  SAMPLE_VIEWS,
} from '../data/samples';
import { ComingSoon, SampleTag } from './coming-soon';

/** A CSS bar chart; every bar carries its month and value as text (the chart's text alternative). */
function BarChart({
  id,
  title,
  values,
  format,
}: {
  id: string;
  title: string;
  values: readonly number[];
  format: (value: number) => string;
}) {
  const max = Math.max(...values);
  return (
    <section className="card chart" aria-labelledby={`${id}-title`}>
      <div className="chart__head">
        <h3 id={`${id}-title`} className="chart__title">
          {title} <SampleTag />
        </h3>
        <label className="chart__range">
          <span className="visually-hidden">Period</span>
          <select defaultValue="6">
            <option value="6">Last 6 months</option>
            <option value="12">Last year</option>
          </select>
        </label>
      </div>
      <ol className="chart__bars">
        {values.map((value, index) => (
          <li key={SAMPLE_MONTHS[index]} className="chart__bar">
            <span className="chart__value">{format(value)}</span>
            <span className="chart__track">
              <span className="chart__fill" style={{ height: `${barPercent(value, max)}%` }} />
            </span>
            <span className="chart__month">{SAMPLE_MONTHS[index]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Analytics while updates are closed (the spec's 'Coming Soon' preview). */
export function AnalyticsPreview() {
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">Analytics</h2>
        <p>See how donors find and support your charity: views, engagement, followers and donations.</p>
      </header>
      <ComingSoon id="analytics" title="Analytics Coming Soon">
        <div className="dash-stack">
          <StatGrid>
            {SAMPLE_ANALYTICS_CARDS.map((card) => (
              <StatCard key={card.label} {...card} tag={<SampleTag />} />
            ))}
          </StatGrid>
          <div className="dash-columns">
            <BarChart
              id="chart-donations"
              title="Monthly Donations"
              values={SAMPLE_DONATIONS}
              format={formatPounds}
            />
            <BarChart id="chart-views" title="Monthly Views" values={SAMPLE_VIEWS} format={formatCount} />
          </div>
          <section className="card" aria-labelledby="activity-title">
            <h3 id="activity-title" className="dash-card__title">
              Recent Activity <SampleTag />
            </h3>
            <ul className="activity">
              {SAMPLE_ACTIVITY.map((item) => (
                <li key={item.text}>
                  <span>{item.text}</span>
                  <span className="activity__when">{item.when}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </ComingSoon>
    </div>
  );
}
