import type { DonationRow } from '@shared/api/schemas/donations';
import { DONATIONS_PAGE_SIZE } from '@shared/donations';
import { useEffect, useRef, useState } from 'react';
import { SelectField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useDonationsQuery } from '../api/donations-api';
import { monthLabel } from '../utils/dates';
import { failureText, LOAD_FAILED } from '../utils/failures';
import { DonationsTable } from './donations-table';
import { RefundDialog } from './refund-dialog';

const ALL = '';

/** "Showing donations 26 to 50", for the table's caption and the pager. */
const rangeText = (page: number, count: number) =>
  count === 0
    ? 'No donations'
    : `Donations ${page * DONATIONS_PAGE_SIZE + 1} to ${page * DONATIONS_PAGE_SIZE + count}`;

/**
 * The donations, newest first, 25 a page (Previous and Next follow the server's cursors), filtered by month;
 * a paid donation within its refund window offers Refund.
 */
export function DonationsList({
  months,
  month,
  onMonth,
}: {
  months: readonly string[];
  month: string | null;
  onMonth: (month: string | null) => void;
}) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = cursors.length - 1;
  const list = useDonationsQuery(month, cursors[page] ?? null);
  const [refunding, setRefunding] = useState<DonationRow | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const turned = useRef(false);

  // A new page or month: focus goes to the list's heading, so the reader starts at the top of it.
  useEffect(() => {
    if (turned.current && list.status === 'ready') {
      turned.current = false;
      headingRef.current?.focus();
    }
  }, [list.status]);

  const turn = (next: (string | null)[]) => {
    turned.current = true;
    setRefunded(null);
    setCursors(next);
  };

  const donations = list.data?.donations ?? [];
  const nextCursor = list.data?.next_cursor ?? null;
  const period = month ? monthLabel(month) : 'all time';

  return (
    <section className="card money-card" aria-labelledby="donations-list-title">
      <div className="money-card__head">
        <h2 id="donations-list-title" className="area-card__title" ref={headingRef} tabIndex={-1}>
          {month ? `Donations in ${monthLabel(month)}` : 'All donations'}
        </h2>
        <div className="money-filter">
          <SelectField
            id="donations-month"
            label="Month"
            value={month ?? ALL}
            onValueChange={(value) => {
              turned.current = true;
              setRefunded(null);
              setCursors([null]);
              onMonth(value === ALL ? null : value);
            }}
            options={[
              { value: ALL, label: 'All months' },
              ...months.map((m) => ({ value: m, label: monthLabel(m) })),
            ]}
          />
        </div>
      </div>

      <div className="live-region" aria-live="polite">
        {refunded ? (
          <Notice tone="success">
            <p>{refunded}</p>
          </Notice>
        ) : null}
      </div>

      {list.status === 'loading' ? <LoadingStatus>Loading donations...</LoadingStatus> : null}
      {list.status === 'error' ? (
        <Notice tone="error" role="alert">
          <p>{failureText(list.error, LOAD_FAILED)}</p>
          <p>
            <button type="button" className="link-button" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        </Notice>
      ) : null}

      {list.status === 'ready' && donations.length === 0 && page === 0 ? (
        <div className="money-empty">
          <p>
            <strong>{month ? `No donations in ${monthLabel(month)}.` : 'No donations yet.'}</strong>
          </p>
          <p>
            When someone gives through your charity&rsquo;s page, their donation appears here as soon as their
            payment is confirmed, with their Gift Aid choice and any message they left.
          </p>
        </div>
      ) : null}

      {list.status === 'ready' && (donations.length > 0 || page > 0) ? (
        <>
          <div className="money-table-wrap">
            <DonationsTable
              donations={donations}
              caption={`${rangeText(page, donations.length)}, ${period}, newest first`}
              onRefund={(donation) => setRefunding(donation)}
            />
          </div>
          <nav className="money-pager" aria-label="Pages of donations">
            <p className="money-muted">{rangeText(page, donations.length)}</p>
            <div className="money-pager__buttons">
              <Button variant="secondary" disabled={page === 0} onClick={() => turn(cursors.slice(0, -1))}>
                Previous
              </Button>
              <Button
                variant="secondary"
                disabled={!nextCursor}
                onClick={() => nextCursor && turn([...cursors, nextCursor])}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      ) : null}

      {refunding ? (
        <RefundDialog
          donation={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(message) => {
            setRefunded(message);
            setRefunding(null);
          }}
        />
      ) : null}
    </section>
  );
}
