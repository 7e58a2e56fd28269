// biome-ignore-all lint/a11y/noRedundantRoles: phones lay the table out as cards (CSS display), which drops
// the table's implicit roles in some browsers; explicit roles keep it a table for screen readers.
import type { DonationRow } from '@shared/api/schemas/donations';
import { formatPence } from '@shared/giving';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ukDayLabel, ukTimeLabel } from '../utils/dates';

const STATUS: Record<DonationRow['status'], { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'status-pill--done' },
  refunded: { label: 'Refunded', className: 'status-pill--soon' },
  refund_failed: { label: 'Refund failed', className: 'status-pill--todo' },
  disputed: { label: 'Disputed', className: 'status-pill--todo' },
};

const COLUMNS = [
  'Date',
  'Amount',
  'Card fee',
  'Net',
  'Gift Aid',
  'Donor',
  'Message',
  'Email',
  'Status',
  'Reference',
] as const;

/** The id of a row's status, where focus lands after its refund (the Refund button is gone by then). */
export const statusId = (donationId: string) => `donation-status-${donationId}`;

/**
 * A cell: its column's name is shown beside the value only where the table is laid out as cards (phones);
 * it is hidden from assistive technology, which reads the column header from the table itself.
 */
function Cell({ column, className, children }: { column: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={className ? `money-cell ${className}` : 'money-cell'}>
      <span className="money-cell__label" aria-hidden="true">
        {column}
      </span>
      <span className="money-cell__value">{children}</span>
    </td>
  );
}

/**
 * The donations as a table (newest first); on narrow screens each row reads as a card (CSS), keeping the
 * table's roles explicit so that screen readers still hear it as a table.
 */
export function DonationsTable({
  donations,
  caption,
  onRefund,
}: {
  donations: readonly DonationRow[];
  caption: string;
  onRefund: (donation: DonationRow) => void;
}) {
  return (
    <table role="table" className="money-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} role="columnheader" scope="col">
              {column}
            </th>
          ))}
          <th role="columnheader" scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {donations.map((donation) => (
          <tr key={donation.id} role="row" className="money-row">
            <Cell column="Date" className="money-cell--date">
              {ukDayLabel(donation.date)} <span className="money-muted">{ukTimeLabel(donation.date)}</span>
            </Cell>
            <Cell column="Amount" className="money-cell--amount">
              {formatPence(donation.amount_pence, { always: true })}
            </Cell>
            <Cell column="Card fee">{formatPence(donation.card_fee_pence, { always: true })}</Cell>
            <Cell column="Net">{formatPence(donation.net_pence, { always: true })}</Cell>
            <Cell column="Gift Aid">{donation.gift_aid ? 'Yes' : 'No'}</Cell>
            <Cell column="Donor" className="money-cell--donor">
              {donation.donor_name ?? 'Anonymous'}
            </Cell>
            <Cell column="Message" className="money-cell--message">
              {donation.message ?? <span className="money-muted">None</span>}
            </Cell>
            <Cell column="Email" className="money-cell--email">
              {donation.email ? (
                <a href={`mailto:${donation.email}`}>{donation.email}</a>
              ) : (
                <span className="money-muted">Not shared</span>
              )}
            </Cell>
            <Cell column="Status">
              <span
                id={statusId(donation.id)}
                className={`status-pill ${STATUS[donation.status].className}`}
                tabIndex={-1}
              >
                {STATUS[donation.status].label}
              </span>
            </Cell>
            <Cell column="Reference" className="money-cell--reference">
              <code>{donation.reference}</code>
            </Cell>
            <td role="cell" className="money-cell money-cell--action">
              {donation.refundable_until && donation.status === 'paid' ? (
                <Button
                  variant="secondary"
                  className="money-refund"
                  onClick={() => onRefund(donation)}
                  aria-label={`Refund ${formatPence(donation.amount_pence, { always: true })} from ${donation.donor_name ?? 'an anonymous donor'}, ${ukDayLabel(donation.date)}`}
                >
                  Refund
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
