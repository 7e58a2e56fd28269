import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DonationStatus } from '@shared/api/schemas/giving';
import { charityDonations, GSI1 } from './indexes';
import { queryPages, type Table, type TxItem, transact, txItem, whenCondition } from './table';

/**
 * A donation: `DONATION#<donationId>` / `DONATION`, listed under GSI1 `DONATIONS#<userId>` by
 * `<created_at>#<donationId>` (the charity's donations, newest first). Amounts are integer pence. Every change
 * of status is conditional on the status before, so duplicated or reordered Stripe events move a donation at
 * most once.
 */
export const donationKey = (donationId: string) =>
  ({ PK: `DONATION#${donationId}`, SK: 'DONATION' }) as const;

export interface GiftAidRecord {
  wording_version: string;
  /** The exact declaration text shown (HMRC's model wording with the charity and amount). */
  text: string;
  declared_at: string;
  title: string | null;
  first_name: string;
  last_name: string;
  house: string;
  /** UK postcode in capitals, or `X` for an address outside the UK. */
  postcode: string;
  outside_uk_address: string | null;
}

export interface Donation {
  id: string;
  status: DonationStatus;
  /** The Gift Aid claim that included it (REPORTS: `giftAidClaimMark`); kept if it is refunded later. */
  claim_id?: string;
  /** The charity: its account, its number and registered name when the donor gave. */
  charity_user_id: string;
  registration_number: string;
  charity_name: string;
  stripe_account_id: string;
  donation_pence: number;
  card_fee_pence: number;
  tip_pence: number;
  total_pence: number;
  application_fee_pence: number;
  /** The amount the donor chose (before any gross-up) and whether they covered the fee. */
  chosen_pence: number;
  covered_fee: boolean;
  currency: 'gbp';
  email: string;
  anonymous: boolean;
  may_email: boolean;
  message: string | null;
  gift_aid: GiftAidRecord | null;
  created_at: string;
  /** The caller's address as rate limits key it (IPv6 by /64), for card-testing review. */
  source: string | null;
  checkout_session_id?: string;
  payment_intent_id?: string;
  charge_id?: string;
  /** Stripe's real fee on the whole charge (from its balance transaction), and the card's country. */
  stripe_fee_pence?: number;
  card_country?: string;
  paid_at?: string;
  receipt_sent_at?: string;
  /** Why a completed payment did not match its donation (status `flagged`). */
  flag_reason?: string;
  last_decline?: string;
}

/** What a paid event must match before a donation counts as paid. */
export interface PaymentFacts {
  amount_total: number;
  currency: string;
  destination: string | null;
  application_fee_amount: number | null;
}

/** The first difference between a payment and its donation, or null when they match. */
export function mismatchOf(donation: Donation, paid: PaymentFacts): string | null {
  if (paid.amount_total !== donation.total_pence)
    return `amount ${paid.amount_total} != ${donation.total_pence}`;
  if (paid.currency !== donation.currency) return `currency ${paid.currency}`;
  if (paid.destination !== donation.stripe_account_id) return 'destination differs';
  if (paid.application_fee_amount !== donation.application_fee_pence) return 'application fee differs';
  return null;
}

export function donationData(table: Table) {
  const TableName = table.name;
  /** Moves a donation from one of `from` to `to` with extra fields; false when it was not in `from`. */
  const move = (
    id: string,
    from: DonationStatus[],
    to: DonationStatus,
    set: Record<string, unknown> = {},
  ) => {
    const names = Object.keys(set);
    return whenCondition(
      table.doc.send(
        new UpdateCommand({
          TableName,
          Key: donationKey(id),
          UpdateExpression: `SET #status = :to${names.map((n, i) => `, #f${i} = :v${i}`).join('')}`,
          ConditionExpression: `attribute_exists(PK) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
          ExpressionAttributeNames: {
            '#status': 'status',
            ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
          },
          ExpressionAttributeValues: {
            ':to': to,
            ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
            ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
          },
        }),
      ),
    );
  };

  return {
    /**
     * Writes the pending donation in one transaction with `checks` (the charity can take it: `takesCharges` and
     * `visibleToDonors` of the charities module); false (nothing written) when a check refuses.
     */
    async createPending(donation: Donation, checks: readonly TxItem[]): Promise<boolean> {
      const item = txItem({
        Put: {
          TableName,
          Item: {
            ...donationKey(donation.id),
            ...donation,
            GSI1PK: charityDonations(donation.charity_user_id),
            GSI1SK: `${donation.created_at}#${donation.id}`,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
      return whenCondition(transact(table, [item, ...checks]));
    },

    async get(id: string): Promise<Donation | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: donationKey(id), ConsistentRead: true }),
      );
      return out.Item as Donation | undefined;
    },

    /** Remembers the Checkout Session (once: the first session stays). */
    setCheckoutSession: (id: string, sessionId: string) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: 'SET checkout_session_id = :s',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(checkout_session_id) OR checkout_session_id = :s)',
            ExpressionAttributeValues: { ':s': sessionId },
          }),
        ),
      ),

    /** Pending → paid (an expired session cannot be paid; a flagged one stays flagged). */
    markPaid: (id: string, facts: { payment_intent_id: string; paid_at: string }) =>
      move(id, ['pending'], 'paid', facts),

    /** Pending → flagged: a completed payment that does not match its donation. Nothing is sent. */
    flag: (id: string, reason: string) => move(id, ['pending'], 'flagged', { flag_reason: reason }),

    /** Pending → expired (the session ran out unpaid). */
    markExpired: (id: string) => move(id, ['pending'], 'expired'),

    /** A declined attempt: the session stays open, so the donation stays pending; the reason is kept. */
    recordDecline: (id: string, reason: string) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: 'SET last_decline = :r',
            ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':r': reason, ':pending': 'pending' },
          }),
        ),
      ),

    /** The charge's facts (Stripe's real fee, card country), whatever the status; idempotent. */
    recordCharge: (
      id: string,
      facts: { charge_id: string; stripe_fee_pence: number | null; card_country: string | null },
    ) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: `SET charge_id = :c${facts.stripe_fee_pence === null ? '' : ', stripe_fee_pence = :f'}${facts.card_country === null ? '' : ', card_country = :k'}`,
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(charge_id) OR charge_id = :c)',
            ExpressionAttributeValues: {
              ':c': facts.charge_id,
              ...(facts.stripe_fee_pence === null ? {} : { ':f': facts.stripe_fee_pence }),
              ...(facts.card_country === null ? {} : { ':k': facts.card_country }),
            },
          }),
        ),
      ),

    /** Claims the receipt of a paid donation: true for exactly one caller. */
    claimReceipt: (id: string, at: string) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: 'SET receipt_sent_at = :at',
            ConditionExpression: '#status = :paid AND attribute_not_exists(receipt_sent_at)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': at, ':paid': 'paid' },
          }),
        ),
      ),

    /** Gives the claim back when the receipt could not be sent (the event is retried). */
    releaseReceipt: (id: string, at: string) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: 'REMOVE receipt_sent_at',
            ConditionExpression: 'receipt_sent_at = :at',
            ExpressionAttributeValues: { ':at': at },
          }),
        ),
      ),
  };
}
export type DonationData = ReturnType<typeof donationData>;

// ---- Reports (issue 33, REPORTS): read-only paging of a charity's donations, and the Gift Aid claim mark. ----

/** A window of the charity's donations by when they were created (ISO instants, both ends included). */
export interface DonationWindow {
  fromIso?: string;
  toIso?: string;
  /** Oldest first (default newest first, as the list). */
  oldestFirst?: boolean;
}

/**
 * The charity's donations its exports read, page by page (a query of GSI1 `DONATIONS#<userId>`; `pageSize` a
 * page): only those the charity sees (paid, refunded, disputed). Read-only; memory holds one page.
 */
export async function* donationPages(
  table: Table,
  userId: string,
  window: DonationWindow = {},
  pageSize = 500,
): AsyncGenerator<Donation[]> {
  const range = window.fromIso || window.toIso ? ' AND GSI1SK BETWEEN :from AND :to' : '';
  for await (const items of queryPages(
    table,
    {
      IndexName: GSI1,
      KeyConditionExpression: `GSI1PK = :pk${range}`,
      FilterExpression: '#status IN (:paid, :refunded, :disputed)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': charityDonations(userId),
        ':paid': 'paid',
        ':refunded': 'refunded',
        ':disputed': 'disputed',
        ...(range ? { ':from': window.fromIso ?? '', ':to': `${window.toIso ?? '9999'}~` } : {}),
      },
      ScanIndexForward: window.oldestFirst === true,
    },
    { pageSize },
  ))
    yield items as unknown as Donation[];
}

/**
 * Marks a donation as claimed by a Gift Aid claim (for the claim's transaction, with the totals' change): only
 * while it is paid, Gift-Aided and in no claim, so a donation is never in two claims.
 */
export function giftAidClaimMark(tableName: string, donationId: string, claimId: string): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: donationKey(donationId),
      UpdateExpression: 'SET claim_id = :claim',
      ConditionExpression:
        '#status = :paid AND attribute_exists(gift_aid) AND attribute_type(gift_aid, :map) AND attribute_not_exists(claim_id)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':claim': claimId, ':paid': 'paid', ':map': 'M' },
    },
  });
}
