import { brand } from '@shared/brand';
import { DonationsMessage } from '@shared/donations';
import { useState } from 'react';
import { SignedInPage } from '@/components/charity-area/signed-in-page';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useCharitySession } from '@/features/charity-auth';
import { useDonationSummaryQuery } from '../api/donations-api';
import { failureText, LOAD_FAILED } from '../utils/failures';
import { DonationTotals } from './donation-totals';
import { DonationsList } from './donations-list';
import { DownloadsCard } from './downloads-card';
import { GiftAidCard } from './gift-aid-card';
import { PayoutsCard } from './payouts-card';
import './donations.css';

/** The page's body once the session is known: totals, the list, downloads, Gift Aid claims and payouts. */
function Money() {
  const summary = useDonationSummaryQuery();
  const [month, setMonth] = useState<string | null>(null);

  if (summary.status === 'loading') return <LoadingStatus>Loading your donations...</LoadingStatus>;
  if (summary.status === 'error' || !summary.data)
    return (
      <Notice tone="error" role="alert">
        <p>{failureText(summary.error, LOAD_FAILED)}</p>
        <p>
          <button type="button" className="link-button" onClick={() => void summary.refetch()}>
            Try again
          </button>
        </p>
      </Notice>
    );
  const data = summary.data;
  return (
    <>
      {data.giving_open ? null : (
        <Notice tone="info">
          <p>
            <strong>{DonationsMessage.GivingNotOpen}</strong> {brand.productName} is not taking donations yet.
            Once it does, every gift to your charity appears here, with what to claim from HMRC.
          </p>
        </Notice>
      )}
      <DonationTotals summary={data} />
      <DonationsList months={data.months} month={month} onMonth={setMonth} />
      {/* A new month starts the card afresh: no word left from the last month's file. */}
      <DownloadsCard key={month ?? 'all'} month={month} />
      <GiftAidCard toClaimPence={data.gift_aid_to_claim_pence} firstMonth={data.months.at(-1) ?? null} />
      <PayoutsCard />
    </>
  );
}

/**
 * `/charity/donations` (issue 33): what the charity has been given, newest first, with the files its books,
 * its auditor and HMRC need, its payouts, and a refund for a donor's genuine mistake.
 */
export function DonationsPage() {
  const { session, signOut } = useCharitySession();
  return (
    <SignedInPage
      title="Donations"
      description={`Your charity's donations on ${brand.productName}.`}
      eyebrow="Your money"
      heading="Donations"
      lead={<p>Who gave, what to claim from HMRC, and what reached your bank.</p>}
      onSignOut={() => void signOut()}
      wide
    >
      {session.status === 'signed-in' ? <Money /> : <LoadingStatus>Loading your donations...</LoadingStatus>}
    </SignedInPage>
  );
}
