import { formatTenths, monthLong, monthShort } from '@shared/analytics';
import type { AnalyticsRange, AnalyticsResponse } from '@shared/api/schemas/analytics';
import { formatPence } from '@shared/giving';
import { type ReactNode, useRef, useState } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { BarChart } from '@/components/ui/bar-chart';
import { LoadingStatus } from '@/components/ui/loading-status';
import { StatCard, StatGrid } from '@/components/ui/stat-cards';
import { ToggleButtons } from '@/components/ui/toggle-buttons';
import { messageOf } from '@/lib/api-errors';
import { formatCount } from '@/lib/format';
import { useAnalyticsQuery } from '../api/analytics-api';
import { RecentActivity } from './recent-activity';
import './analytics.css';

const RANGES: readonly { value: AnalyticsRange; label: string }[] = [
  { value: '6m', label: 'Last 6 months' },
  { value: '12m', label: 'Last year' },
];

const inRange = (range: AnalyticsRange) => (range === '6m' ? 'in the last 6 months' : 'in the last year');

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** The four figures of the range. */
function Figures({ data }: { data: AnalyticsResponse }) {
  const when = inRange(data.range);
  const rate = data.donation_rate_tenths;
  return (
    <StatGrid>
      <StatCard
        label="Profile Views"
        value={formatCount(data.profile_views)}
        note={`Visits to your page ${when}`}
      />
      <StatCard
        label="Post Engagement"
        value={formatCount(data.post_views)}
        note={`Views of your posts ${when} (${plural(data.mail_clicks, 'open', 'opens')} from update mails, ${plural(data.posts_published, 'post', 'posts')} published)`}
      />
      <StatCard
        label="New Followers"
        value={formatCount(data.new_followers)}
        note={`${when[0]?.toUpperCase()}${when.slice(1)} (${formatCount(data.unfollows)} unfollowed)`}
      />
      <StatCard
        label="Donation Rate"
        value={rate === null ? 'No views yet' : formatTenths(rate)}
        note={`Donations per 100 profile views (${plural(data.donations_paid, 'gift', 'gifts')}, ${formatPence(data.donated_pence, { always: true })})`}
      />
    </StatGrid>
  );
}

/** The figures of the range, the two charts and recent activity; the switch picks the range. */
function Analytics({ range, onRange }: { range: AnalyticsRange; onRange: (range: AnalyticsRange) => void }) {
  const query = useAnalyticsQuery(range);
  // The last figures stay on screen while the other range loads.
  const last = useRef<AnalyticsResponse | undefined>(undefined);
  if (query.data) last.current = query.data;
  const data = query.data ?? last.current;
  const period = RANGES.find((r) => r.value === range)?.label.toLowerCase() ?? '';

  return (
    <div className="dash-stack analytics" aria-busy={query.status === 'loading'}>
      <div className="analytics__toolbar">
        <span className="analytics__period">Showing</span>
        <ToggleButtons label="Period shown" options={RANGES} value={range} onChange={onRange} />
      </div>
      {query.status === 'error' ? <LoadFailure error={query.error} retry={query.refetch} /> : null}
      {!data ? <LoadingStatus>Loading your analytics...</LoadingStatus> : null}
      {data ? (
        <>
          <Figures data={data} />
          <div className="dash-columns">
            <BarChart
              id="chart-donations"
              title="Monthly Donations"
              caption={`Donations paid by month, ${period}`}
              valueHeader="Donations"
              bars={data.months.map((m) => ({
                key: m.month,
                label: monthShort(m.month),
                longLabel: monthLong(m.month),
                value: m.donated_pence,
                text: formatPence(m.donated_pence),
              }))}
            />
            <BarChart
              id="chart-views"
              title="Monthly Views"
              caption={`Profile views by month, ${period}`}
              valueHeader="Profile views"
              bars={data.months.map((m) => ({
                key: m.month,
                label: monthShort(m.month),
                longLabel: monthLong(m.month),
                value: m.profile_views,
                text: formatCount(m.profile_views),
              }))}
            />
          </div>
          <RecentActivity items={data.recent} />
        </>
      ) : null}
    </div>
  );
}

function LoadFailure({ error, retry }: { error: unknown; retry: () => Promise<void> }) {
  return (
    <div className="red-box" role="alert">
      <AuthIcon name="alert" size={20} />
      <div>
        <p>Failed to load your analytics: {messageOf(error)}</p>
        <p>
          <button type="button" className="link-button" onClick={() => void retry()}>
            Try again
          </button>
        </p>
      </div>
    </div>
  );
}

/**
 * The Analytics tab. Open only when the stage's launch switch is (get-analytics says so): until then `closed`
 * (the dashboard's 'Coming Soon' preview) is shown exactly as before.
 */
export function AnalyticsTab({ closed }: { closed: ReactNode }) {
  const [range, setRange] = useState<AnalyticsRange>('6m');
  const first = useAnalyticsQuery('6m');
  let body: ReactNode;
  if (first.status === 'loading') body = <LoadingStatus>Loading your analytics...</LoadingStatus>;
  else if (first.status === 'error') body = <LoadFailure error={first.error} retry={first.refetch} />;
  else if (!first.data?.updates_open) return closed;
  else body = <Analytics range={range} onRange={setRange} />;
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">Analytics</h2>
        <p>See how donors find and support your charity: views, engagement, followers and donations.</p>
      </header>
      {body}
    </div>
  );
}
