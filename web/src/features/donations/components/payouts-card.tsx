import type { Payout } from '@shared/api/schemas/donations';
import { formatPence } from '@shared/giving';
import { AreaCard } from '@/components/charity-area/signed-in-page';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useExportPayout, usePayoutsQuery } from '../api/donations-api';
import { useDownloads } from '../hooks/use-downloads';
import { dayLabel } from '../utils/dates';
import { failureText, LOAD_FAILED } from '../utils/failures';
import { DownloadNews } from './download-news';

function PayoutItem({
  payout,
  busy,
  onExport,
}: {
  payout: Payout;
  busy: string | null;
  onExport: () => void;
}) {
  const amount = formatPence(payout.amount_pence, { always: true });
  const arrival = dayLabel(payout.arrival_date.slice(0, 10));
  return (
    <li className="money-list__item">
      <div>
        <p className="money-list__title">
          {amount}{' '}
          <span
            className={`status-pill ${payout.status === 'paid' ? 'status-pill--done' : 'status-pill--todo'}`}
          >
            {payout.status === 'paid' ? 'Paid' : 'Failed'}
          </span>
        </p>
        <p className="money-muted">
          Arrival date {arrival} · {payout.donations.toLocaleString('en-GB')}{' '}
          {payout.donations === 1 ? 'donation' : 'donations'}
        </p>
        {payout.failure_message ? <p className="money-failure">{payout.failure_message}</p> : null}
      </div>
      <Button
        variant="secondary"
        disabled={busy !== null}
        aria-busy={busy === payout.id}
        aria-label={`CSV of the payout of ${amount}, ${arrival}`}
        onClick={onExport}
      >
        {busy === payout.id ? 'Preparing...' : 'CSV'}
      </Button>
    </li>
  );
}

/** Payouts from Stripe to the charity's bank, newest first; each has a CSV of its donations summing to it. */
export function PayoutsCard() {
  const payouts = usePayoutsQuery();
  const exportPayout = useExportPayout();
  const { busy, news, run } = useDownloads();
  const list = payouts.data?.payouts ?? [];

  return (
    <AreaCard id="payouts" title="Payouts to Your Bank">
      <p>
        Stripe pays your donations into your bank account. Each payout&rsquo;s CSV lists the donations it
        paid, and sums exactly to the amount on your bank statement.
      </p>
      {payouts.status === 'loading' ? <LoadingStatus>Loading payouts...</LoadingStatus> : null}
      {payouts.status === 'error' ? (
        <Notice tone="error">
          <p>{failureText(payouts.error, LOAD_FAILED)}</p>
        </Notice>
      ) : null}
      {payouts.status === 'ready' && list.length === 0 ? (
        <p className="money-muted">No payouts yet. Stripe pays out once donations have cleared.</p>
      ) : null}
      {list.length ? (
        <ul className="money-list">
          {list.map((payout) => (
            <PayoutItem
              key={payout.id}
              payout={payout}
              busy={busy}
              onExport={() =>
                void run(
                  payout.id,
                  `the CSV of the payout of ${formatPence(payout.amount_pence, { always: true })}`,
                  () => exportPayout.mutate({ payoutId: payout.id }),
                )
              }
            />
          ))}
        </ul>
      ) : null}
      <DownloadNews news={news} />
    </AreaCard>
  );
}
