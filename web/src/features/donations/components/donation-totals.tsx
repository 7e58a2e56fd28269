import type { DonationSummaryResponse } from '@shared/api/schemas/donations';
import { formatPence } from '@shared/giving';
import { StatCard, StatGrid } from '@/components/ui/stat-cards';
import { formatCount } from '@/lib/format';

/** The four totals atop the donations page, from the stored donations (refunds and disputes leave them). */
export function DonationTotals({ summary }: { summary: DonationSummaryResponse }) {
  const totals = [
    {
      label: 'Raised all time',
      value: formatPence(summary.raised_pence),
      note: 'Paid donations, before fees',
    },
    { label: 'This month', value: formatPence(summary.this_month_pence), note: 'Since the 1st, UK time' },
    {
      label: 'Supporters',
      value: formatCount(summary.supporters),
      note: 'People who have given',
    },
    {
      label: 'Gift Aid to claim',
      value: formatPence(summary.gift_aid_to_claim_pence),
      note: 'From HMRC, on gifts not yet claimed',
    },
  ];
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="visually-hidden">
        Totals
      </h2>
      <StatGrid>
        {totals.map((total) => (
          <StatCard key={total.label} {...total} />
        ))}
      </StatGrid>
    </section>
  );
}
