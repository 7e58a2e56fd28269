import type { DonationSummaryResponse } from '@shared/api/schemas/donations';
import { formatPence } from '@shared/giving';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { LoadingStatus } from '@/components/ui/loading-status';
import { StatCard, StatGrid } from '@/components/ui/stat-cards';
import { formatCount } from '@/lib/format';
import { useDonationSummaryQuery } from '../api/dashboard-api';
import { SAMPLE_STATS } from '../data/samples';
import { ComingSoon, SampleTag } from './coming-soon';

/** The spec's preview: the four sample cards under the 'Analytics Coming Soon' overlay. */
function SampleStats() {
  return (
    <ComingSoon id="overview-stats" title="Analytics Coming Soon" size="sm">
      <StatGrid>
        {SAMPLE_STATS.map((stat) => (
          <StatCard key={stat.label} {...stat} tag={<SampleTag />} />
        ))}
      </StatGrid>
    </ComingSoon>
  );
}

/** Three real figures from the stored donations; Lives Impacted stays Coming Soon (nothing measures it). */
function RealStats({ summary }: { summary: DonationSummaryResponse }) {
  const stats = [
    { label: 'Total Supporters', value: formatCount(summary.supporters), note: 'People who have given' },
    { label: 'Total Raised', value: formatPence(summary.raised_pence), note: 'Since joining' },
    { label: 'This Month', value: formatPence(summary.this_month_pence), note: 'Since the 1st' },
  ];
  return (
    <section aria-labelledby="overview-stats-title">
      <h2 id="overview-stats-title" className="visually-hidden">
        Your donations at a glance
      </h2>
      <StatGrid>
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
        <StatCard
          label="Lives Impacted"
          value={<span className="coming-soon-pill">Coming Soon</span>}
          note="Available Autumn 2025"
        />
      </StatGrid>
      <p className="stat-cards__more">
        <Link to={paths.charity.donations.getHref()}>See every donation</Link>
      </p>
    </section>
  );
}

/**
 * The overview's stat cards: real where giving is open (issue 33), else the spec's samples under the overlay
 * (also if the totals cannot be read: a sample is marked as one, a wrong figure would not be).
 */
export function StatCards() {
  const summary = useDonationSummaryQuery(true);
  if (summary.status === 'loading') return <LoadingStatus>Loading your figures...</LoadingStatus>;
  return summary.data?.giving_open ? <RealStats summary={summary.data} /> : <SampleStats />;
}
