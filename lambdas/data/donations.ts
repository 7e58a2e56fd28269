import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DonationStatus } from '@shared/api/schemas/giving';
import { CHARITY_DONATION_STATUSES, ukDay } from '@shared/donations';
import { ServiceUnavailableError } from '../lib/http-errors';
import { dayAdd } from './analytics';
import { accountExists } from './charities';
import { contributionOf, type Donation, retainedExpiresAt, unpaidExpiresAt } from './donation-item';
import { donationTotals, type TotalsDelta, totalsChange } from './donation-totals';
import { charityDonations, GSI1 } from './indexes';
import {
  CONFLICT_TRIES,
  conditionFailures,
  conflictBackoff,
  queryPages,
  type Table,
  type TxItem,
  transact,
  transactionConflict,
  txItem,
  whenCondition,
  whenConditionOutput,
} from './table';

/**
 * A donation: `DONATION#<donationId>` / `DONATION`, listed under GSI1 `DONATIONS#<userId>` by
 * `<created_at>#<donationId>` while unpaid and `<paid_at>#<donationId>` once paid (the charity's donations,
 * newest first, a month's by its UK month of payment). Amounts are integer pence. Every change of status is
 * conditional on the status before, and a change that moves the charity's totals (paid, refunded, disputed,
 * a dispute won) writes them in the same transaction, so duplicated or reordered Stripe events move a donation
 * and its totals at most once.
 */
export const donationKey = (donationId: string) =>
  ({ PK: `DONATION#${donationId}`, SK: 'DONATION' }) as const;

export type { Donation, GiftAidRecord, PaymentFacts } from './donation-item';
export { contributionOf, mismatchOf, UNPAID_KEEP_DAYS } from './donation-item';

/** A notice sent once per donation: the field that claims it and the status it needs. */
export type DonationNotice =
  | 'receipt_sent_at'
  | 'refund_email_sent_at'
  | 'dispute_email_sent_at'
  | 'refund_failed_email_sent_at';
const NOTICE_STATUS: Record<DonationNotice, DonationStatus> = {
  receipt_sent_at: 'paid',
  refund_email_sent_at: 'refunded',
  dispute_email_sent_at: 'disputed',
  refund_failed_email_sent_at: 'refund_failed',
};

/** A condition added to a change of status (its values prefixed `:c_`), and the same test on a donation as read. */
interface Condition {
  expression: string;
  values?: Record<string, unknown>;
  /** True when the donation as read meets it (so a refusal by it is told from a conflict); absent: always. */
  holds?: (donation: Donation) => boolean;
}

const allOf = (...conditions: Condition[]): Condition => ({
  expression: conditions.map((c) => `(${c.expression})`).join(' AND '),
  values: Object.assign({}, ...conditions.map((c) => c.values)),
  holds: (d) => conditions.every((c) => c.holds?.(d) ?? true),
});

/** A dispute's statuses that end it: a late event about it never opens it again. */
const DISPUTE_ENDED = ['won', 'lost', 'warning_closed'] as const;

/**
 * The dispute condition of a change: the donation has no dispute, or another one, or this one still open. So a
 * late `charge.dispute.created` or `.updated` of a dispute already closed changes nothing.
 */
const disputeStillOpen = (disputeId: string): Condition => ({
  expression:
    'attribute_not_exists(dispute_id) OR dispute_id <> :c_did OR NOT (dispute_status IN (:c_end0, :c_end1, :c_end2))',
  values: {
    ':c_did': disputeId,
    ...Object.fromEntries(DISPUTE_ENDED.map((status, i) => [`:c_end${i}`, status])),
  },
  holds: (d) =>
    !d.dispute_id ||
    d.dispute_id !== disputeId ||
    !(DISPUTE_ENDED as readonly string[]).includes(d.dispute_status ?? ''),
});
/** The change is about the dispute the donation records. */
const sameDispute = (disputeId: string): Condition => ({
  expression: 'dispute_id = :c_did',
  values: { ':c_did': disputeId },
  holds: (d) => d.dispute_id === disputeId,
});
/** The change was computed from the donation's claim as read (a claim made meanwhile refuses it). */
const sameClaim = (claimId: string | undefined): Condition =>
  claimId
    ? { expression: 'claim_id = :c_claim', values: { ':c_claim': claimId } }
    : { expression: 'attribute_not_exists(claim_id)' };

/**
 * A transition that met a conflict on every try: nothing was stored. A 503 (the webhook is not acknowledged, so
 * Stripe retries; a route's caller may try again), never a silent "already done".
 */
export class TransitionNotDone extends ServiceUnavailableError {
  constructor(donationId: string, from: DonationStatus, to: DonationStatus) {
    super(
      undefined,
      new Error(`donation ${donationId} ${from} -> ${to} not stored after ${CONFLICT_TRIES} conflicts`),
    );
    this.name = 'TransitionNotDone';
  }
}

export function donationData(table: Table) {
  const TableName = table.name;
  const totals = donationTotals(table);
  /** The update that moves a donation from one of `from` to `to` with `fields`, under `condition`. */
  const statusUpdate = (
    id: string,
    from: DonationStatus[],
    to: DonationStatus,
    fields: Record<string, unknown>,
    condition?: Condition,
  ) => {
    const names = Object.keys(fields);
    return {
      TableName,
      Key: donationKey(id),
      UpdateExpression: `SET #status = :to${names.map((_, i) => `, #f${i} = :v${i}`).join('')}`,
      ConditionExpression: `attribute_exists(PK) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})${condition ? ` AND ${condition.expression}` : ''}`,
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      },
      ExpressionAttributeValues: {
        ':to': to,
        ...Object.fromEntries(from.map((status, i) => [`:from${i}`, status])),
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
        ...condition?.values,
      },
    };
  };

  /** Moves a donation from one of `from` to `to` with extra fields; false when it was not in `from`. */
  const move = (
    id: string,
    from: DonationStatus[],
    to: DonationStatus,
    set: Record<string, unknown> = {},
    condition?: Condition,
  ) => whenCondition(table.doc.send(new UpdateCommand(statusUpdate(id, from, to, set, condition))));

  /**
   * Moves a donation from `from` to `to` in one transaction with the change of its charity's totals. The
   * condition also pins what the change was computed from (its claim), so a claim made meanwhile refuses it
   * and the move is computed again from the donation as it is now (at most `CONFLICT_TRIES` times), as it
   * is after a transaction conflict. Ends in exactly one of: true (done), false (the donation is not, or no
   * longer, in `from`: already done, or refused by its state; the caller reads it to tell which), or a throw:
   * `TransitionNotDone` (503) when every try met a conflict, so a webhook answers 5xx, is not marked seen and
   * Stripe delivers it again. Giving up is never reported as "already in another state".
   */
  const transition = async (
    donation: Donation,
    from: DonationStatus,
    to: DonationStatus,
    set: (now: Donation) => Record<string, unknown>,
    delta: (now: Donation) => TotalsDelta | null,
    extra?: Condition,
    /** More items of the same change (the day's analytics figures), written only with the totals. */
    also?: (now: Donation) => TxItem[],
  ): Promise<boolean> => {
    let now: Donation | undefined = donation;
    const open = (d: Donation | undefined): d is Donation =>
      d?.status === from && (extra?.holds?.(d) ?? true);
    for (let attempt = 0; attempt < CONFLICT_TRIES && open(now); attempt++) {
      const computed = delta(now);
      // The donor's marker as it is now: the change is conditional on it, so a gift of the same donor moving
      // meanwhile refuses this one, which is computed again (the supporters count stays exact).
      const change =
        computed?.paid_count && computed.email
          ? { ...computed, supporterSeen: await totals.supporterSeen(computed.userId, computed.email) }
          : computed;
      const pinned = sameClaim(now.claim_id);
      const update = statusUpdate(now.id, [from], to, set(now), extra ? allOf(pinned, extra) : pinned);
      const totalsItems = change
        ? [
            accountExists(TableName, now.charity_user_id),
            ...totalsChange(TableName, change),
            ...(also?.(now) ?? []),
          ]
        : [];
      let failures: number[] | null;
      try {
        failures = await conditionFailures(transact(table, [txItem({ Update: update }), ...totalsItems]));
      } catch (error) {
        // Another transaction was writing one of its items (the charity's totals, this donor's marker): again.
        if (!transactionConflict(error)) throw error;
        await conflictBackoff(attempt);
        now = await get(now.id);
        continue;
      }
      if (failures === null) return true;
      // The account was deleted: its totals went with it (never written again); the donation, kept, moves.
      if (totalsItems.length > 0 && failures.includes(1) && !failures.includes(0))
        return whenCondition(table.doc.send(new UpdateCommand(update)));
      now = await get(now.id);
    }
    if (open(now)) throw new TransitionNotDone(donation.id, from, to);
    return false;
  };

  const get = async (id: string): Promise<Donation | undefined> => {
    const out = await table.doc.send(
      new GetCommand({ TableName, Key: donationKey(id), ConsistentRead: true }),
    );
    return out.Item as Donation | undefined;
  };

  const claimNotice = (id: string, notice: DonationNotice, at: string) =>
    whenCondition(
      table.doc.send(
        new UpdateCommand({
          TableName,
          Key: donationKey(id),
          UpdateExpression: 'SET #n = :at',
          ConditionExpression: '#status = :status AND attribute_not_exists(#n)',
          ExpressionAttributeNames: { '#status': 'status', '#n': notice },
          ExpressionAttributeValues: { ':at': at, ':status': NOTICE_STATUS[notice] },
        }),
      ),
    );
  const releaseNotice = (id: string, notice: DonationNotice, at: string) =>
    whenCondition(
      table.doc.send(
        new UpdateCommand({
          TableName,
          Key: donationKey(id),
          UpdateExpression: 'REMOVE #n',
          ConditionExpression: '#n = :at',
          ExpressionAttributeNames: { '#n': notice },
          ExpressionAttributeValues: { ':at': at },
        }),
      ),
    );

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
            // Erased by DynamoDB unless it is paid (markPaid keeps it until its retain_until).
            expiresAt: unpaidExpiresAt(new Date()),
            GSI1PK: charityDonations(donation.charity_user_id),
            GSI1SK: `${donation.created_at}#${donation.id}`,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
      return whenCondition(transact(table, [item, ...checks]));
    },

    get,

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

    /**
     * Pending → paid (an expired session cannot be paid; a flagged one stays flagged), with the totals: its
     * gross, a paid donation of its month and donor, its Gift Aid to claim. Listed by `paid_at` from now on.
     */
    markPaid: (
      donation: Donation,
      facts: { payment_intent_id: string; paid_at: string; donor_name: string | null; retain_until: string },
    ) =>
      transition(
        donation,
        'pending',
        'paid',
        () => ({
          ...facts,
          expiresAt: retainedExpiresAt(facts.retain_until),
          GSI1SK: `${facts.paid_at}#${donation.id}`,
        }),
        (now) => contributionOf(now, 1, facts.paid_at),
        undefined,
        // The day's "donations paid" (analytics), exactly once: in the transaction that makes it paid.
        (now) =>
          dayAdd(TableName, now.charity_user_id, ukDay(facts.paid_at), {
            donations_paid: 1,
            donated_pence: now.donation_pence,
          }),
      ),

    /** Paid → refunded: it leaves the totals (its Gift Aid to claim only when it is in no claim). */
    markRefunded: (donation: Donation, facts: { refund_id: string | null; refunded_at: string }) =>
      transition(
        donation,
        'paid',
        'refunded',
        () => ({
          refunded_at: facts.refunded_at,
          ...(facts.refund_id ? { refund_id: facts.refund_id } : {}),
        }),
        (now) => contributionOf(now, -1),
      ),

    /**
     * Refunded → refund_failed: Stripe reported the refund `succeeded`, then `failed` (the money never left).
     * It comes back into the money totals as Stripe has it (the charity still holds the donation), but not into
     * the Gift Aid to claim: the charity meant to give it back and may still do so another way.
     */
    markRefundFailed: (
      donation: Donation,
      facts: { refund_failed_at: string; refund_failure_reason: string },
    ) =>
      transition(
        donation,
        'refunded',
        'refund_failed',
        () => facts,
        (now) => contributionOf({ ...now, gift_aid: null }, 1),
      ),

    /**
     * Paid → disputed: a chargeback took the money, so it leaves the totals while the dispute is open. Not for
     * a dispute of this donation already ended (a late `charge.dispute.created` opens nothing again).
     */
    markDisputed: (
      donation: Donation,
      facts: { dispute_id: string; dispute_status: string; disputed_at: string },
    ) =>
      transition(
        donation,
        'paid',
        'disputed',
        () => facts,
        (now) => contributionOf(now, -1),
        disputeStillOpen(facts.dispute_id),
      ),

    /**
     * An inquiry (`warning_needs_response`, `warning_under_review`) of a paid donation: no money moved, so it
     * stays paid and in the totals; the dispute and its status are recorded. Nothing for an ended dispute.
     */
    noteInquiry: (id: string, facts: { dispute_id: string; dispute_status: string }) =>
      move(id, ['paid'], 'paid', facts, disputeStillOpen(facts.dispute_id)),

    /** A later status of the open dispute of a disputed donation (`under_review`, ...), never an ended one. */
    updateDispute: (id: string, facts: { dispute_id: string; dispute_status: string }) =>
      move(
        id,
        ['disputed'],
        'disputed',
        facts,
        allOf(sameDispute(facts.dispute_id), disputeStillOpen(facts.dispute_id)),
      ),

    /**
     * A closed dispute of this donation: won, disputed → paid and back in the totals; lost (or any other end),
     * it stays disputed with Stripe's status; an inquiry closed (`warning_closed`), the paid donation records it.
     * False when the donation was not in that state (already closed, or another dispute).
     */
    closeDispute: (donation: Donation, facts: { dispute_id: string; dispute_status: string }) =>
      facts.dispute_status === 'won'
        ? transition(
            donation,
            'disputed',
            'paid',
            () => facts,
            (now) => contributionOf(now, 1),
            sameDispute(facts.dispute_id),
          )
        : facts.dispute_status === 'warning_closed'
          ? move(donation.id, ['paid'], 'paid', facts, sameDispute(facts.dispute_id))
          : move(donation.id, ['disputed'], 'disputed', facts, sameDispute(facts.dispute_id)),

    /**
     * Pending → flagged: a completed payment that does not match its donation. Nothing is sent. Money moved,
     * so it is kept as long as a paid one (`retain_until` from the day it was flagged).
     */
    flag: (id: string, reason: string, retainUntil: string) =>
      move(id, ['pending'], 'flagged', {
        flag_reason: reason,
        retain_until: retainUntil,
        expiresAt: retainedExpiresAt(retainUntil),
      }),

    /** Pending → expired (the session ran out unpaid). */
    markExpired: (id: string) => move(id, ['pending'], 'expired'),

    /** Pending → failed: a delayed payment method reported the payment failed (`async_payment_failed`). */
    markFailed: (id: string) => move(id, ['pending'], 'failed'),

    /**
     * A declined attempt: the session stays open, so the donation stays pending; the reason is kept and the
     * attempt counted once by its id (a redelivered event counts nothing twice). Answers the declined attempts
     * so far, whether this one is new, and what closing the session needs; null when no longer pending.
     */
    recordDecline: async (
      id: string,
      reason: string,
      attemptId: string,
    ): Promise<{
      attempts: number;
      isNew: boolean;
      source: string | null;
      sessionId: string | null;
    } | null> => {
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: donationKey(id),
            UpdateExpression: 'SET last_decline = :r ADD decline_attempts :a',
            ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':r': reason, ':a': new Set([attemptId]), ':pending': 'pending' },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      if (!out) return null;
      const before = out.Attributes as Donation | undefined;
      const seen = before?.decline_attempts ?? new Set<string>();
      const isNew = !seen.has(attemptId);
      return {
        attempts: seen.size + (isNew ? 1 : 0),
        isNew,
        source: before?.source ?? null,
        sessionId: before?.checkout_session_id ?? null,
      };
    },

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
    claimReceipt: (id: string, at: string) => claimNotice(id, 'receipt_sent_at', at),

    /** Gives the claim back when the receipt could not be sent (the event is retried). */
    releaseReceipt: (id: string, at: string) => releaseNotice(id, 'receipt_sent_at', at),

    /**
     * Claims a notice of the donation's status (the receipt when paid, the donor's refund email when refunded,
     * the charity's dispute email when disputed): true for exactly one caller.
     */
    claimNotice,

    /** Gives a notice's claim back when it could not be sent (the event is retried). */
    releaseNotice,
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
      FilterExpression: `#status IN (${CHARITY_DONATION_STATUSES.map((_, i) => `:s${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': charityDonations(userId),
        ...Object.fromEntries(CHARITY_DONATION_STATUSES.map((status, i) => [`:s${i}`, status])),
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
