import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DonationStatus } from '@shared/api/schemas/giving';
import type { Donation } from './donations';
import { donationKey } from './donations';
import { charityDonations, GSI1 } from './indexes';
import type { Table } from './table';

/** The fields of a donation the charity's list shows (read with a projection: the rest stays unread). */
export type ListedDonation = Pick<
  Donation,
  | 'id'
  | 'status'
  | 'created_at'
  | 'paid_at'
  | 'donation_pence'
  | 'card_fee_pence'
  | 'donor_name'
  | 'anonymous'
  | 'message'
  | 'email'
  | 'may_email'
  | 'claim_id'
> & {
  /** Present (with only `declared_at`) when the donor declared Gift Aid. */
  gift_aid?: { declared_at: string } | null;
};

const FIELDS = [
  'id',
  'status',
  'created_at',
  'paid_at',
  'donation_pence',
  'card_fee_pence',
  'donor_name',
  'anonymous',
  'message',
  'email',
  'may_email',
  'claim_id',
  'GSI1SK',
] as const;

/** A position in a charity's list: the index sort key of the last donation read (`<time>#<donationId>`). */
export type ListPosition = string;

export interface DonationListPage {
  donations: ListedDonation[];
  /** Where the next page starts; null at the end of the list. */
  next: ListPosition | null;
}

/** Queries a page reads at most (each up to 1 MB) before it answers with what it found and where it stopped. */
const MAX_QUERIES = 8;

/**
 * Reads the charity's donations, newest first, from its GSI1 partition (`DONATIONS#<userId>`): only those of
 * `statuses`, only in the sort-key range `[from, to)` when given (ISO instants), after `after` when given,
 * until `size` are found or the end. Reads one more than `size` to know whether there is a next page.
 */
export async function listCharityDonations(
  table: Table,
  userId: string,
  opts: {
    statuses: readonly DonationStatus[];
    size: number;
    from?: string;
    to?: string;
    after?: ListPosition;
  },
): Promise<DonationListPage> {
  const pk = charityDonations(userId);
  const found: (ListedDonation & { GSI1SK: string })[] = [];
  const range = opts.from !== undefined && opts.to !== undefined;
  let start: Record<string, unknown> | undefined = opts.after ? startKey(pk, opts.after) : undefined;
  for (let query = 0; query < MAX_QUERIES; query++) {
    const out = await table.doc.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: GSI1,
        KeyConditionExpression: range ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
        FilterExpression: `#f${FIELDS.indexOf('status')} IN (${opts.statuses.map((_, i) => `:s${i}`).join(', ')})`,
        ProjectionExpression: [...FIELDS.map((_, i) => `#f${i}`), '#ga.#declared'].join(', '),
        ExpressionAttributeNames: {
          '#pk': 'GSI1PK',
          ...(range ? { '#sk': 'GSI1SK' } : {}),
          '#ga': 'gift_aid',
          '#declared': 'declared_at',
          ...Object.fromEntries(FIELDS.map((f, i) => [`#f${i}`, f])),
        },
        ExpressionAttributeValues: {
          ':pk': pk,
          ...(range ? { ':from': opts.from, ':to': opts.to } : {}),
          ...Object.fromEntries(opts.statuses.map((s, i) => [`:s${i}`, s])),
        },
        ScanIndexForward: false,
        // The first query reads just enough; later ones (unpaid donations filtered out) read more at a time.
        Limit: query === 0 ? opts.size + 1 : 200,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((out.Items ?? []) as (ListedDonation & { GSI1SK: string })[]));
    start = out.LastEvaluatedKey;
    if (found.length > opts.size) {
      const page = found.slice(0, opts.size);
      return { donations: page.map(strip), next: page[page.length - 1]?.GSI1SK ?? null };
    }
    if (!start) return { donations: found.map(strip), next: null };
  }
  // Read enough for one answer: the next page starts where this stopped (possibly with fewer than `size`).
  return { donations: found.map(strip), next: String(start?.GSI1SK) };
}

const strip = ({ GSI1SK: _, ...donation }: ListedDonation & { GSI1SK: string }): ListedDonation => donation;

/** The index key a page starts after: the donation id is the part after the last `#` of the sort key. */
function startKey(pk: string, after: ListPosition) {
  const id = after.slice(after.lastIndexOf('#') + 1);
  return { ...donationKey(id), GSI1PK: pk, GSI1SK: after };
}
