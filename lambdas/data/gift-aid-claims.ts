import { createHash } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import type { GiftAidAdjustment } from '@shared/api/schemas/donations';
import { totalsChange, totalsKey } from './donation-totals';
import { giftAidClaimMark } from './donations';
import { charityClaims, GSI1 } from './indexes';
import {
  CONFLICT_TRIES,
  conditionFailed,
  conditionFailures,
  conflictBackoff,
  failedItems,
  queryPages,
  type Table,
  transact,
  transactionConflict,
  txItem,
  whenCondition,
} from './table';

/**
 * A Gift Aid claim: `CLAIM#<claimId>` / `CLAIM`, listed under GSI1 `CLAIMS#<userId>` by `<created_at>#<claimId>`.
 * Its own partition, not the charity's, so it outlives the account with the donations it claimed (HMRC's six
 * years). Written `building` before any donation is marked with its id, `complete` with its figures after.
 *
 * Its parts, `CLAIM#<claimId>` / `PART#<nnnn>` (`donations`, `donated_pence`): each transaction that marks
 * donations adds what it marked to a part of its own, so no two transactions share an item and they run side by
 * side (decision 19.15). The charity's totals are not touched while marking: `complete` takes the parts' sum
 * from `gift_aid_unclaimed_pence` in the same transaction that makes the claim `complete`, and until then
 * {@link giftAidClaimData}'s `unclaimedPence` leaves the parts of `building` claims out.
 */
export const claimKey = (claimId: string) => ({ PK: `CLAIM#${claimId}`, SK: 'CLAIM' }) as const;
export const claimPartKey = (claimId: string, part: number) =>
  ({ PK: `CLAIM#${claimId}`, SK: `PART#${String(part).padStart(4, '0')}` }) as const;

/**
 * A Gift Aid adjustment (issue 42): a donation an earlier claim included, refunded or lost to a dispute since,
 * whose Gift Aid the next claim pays back through its Box 2. Two items in one transaction, so each donation is
 * carried by exactly one claim even when two are built at once: the donation's marker
 * `GIFT_AID_ADJ#<donationId>` / `ADJUSTMENT` (written only if absent) and the claim's line
 * `CLAIM#<claimId>` / `ADJ#<donationId>` (what the claim carried, and why).
 */
export const adjustmentMarkerKey = (donationId: string) =>
  ({ PK: `GIFT_AID_ADJ#${donationId}`, SK: 'ADJUSTMENT' }) as const;
export const claimAdjustmentKey = (claimId: string, donationId: string) =>
  ({ PK: `CLAIM#${claimId}`, SK: `ADJ#${donationId}` }) as const;

/** The adjustments a claim keeps on its own item for the charity to read (the rest are counted). */
export const ADJUSTMENTS_SHOWN = 200;

export interface GiftAidClaimItem {
  id: string;
  user_id: string;
  created_at: string;
  /** The period (UK days of payment, `YYYY-MM-DD`, both included). */
  from: string;
  to: string;
  status: 'building' | 'complete';
  donations?: number;
  donated_pence?: number;
  files?: number;
  /** Gift Aid over-claimed on earlier claims, carried into this claim's Box 2 (set when complete). */
  overclaimed_pence?: number;
  adjustment_count?: number;
  /** The first {@link ADJUSTMENTS_SHOWN} adjustments it carried, oldest payment first. */
  adjustments?: GiftAidAdjustment[];
}

/** A donation to mark: its id and gross gift. */
export interface ClaimedDonation {
  id: string;
  pence: number;
}

/** What a claim's parts add up to, and the adjustments it carries. */
export interface ClaimFigures {
  donations: number;
  donated_pence: number;
  overclaimed_pence: number;
  adjustment_count: number;
  adjustments: GiftAidAdjustment[];
}

/** Adjustments carried per transaction (two items each). */
const ADJUSTMENTS_PER_TRANSACTION = 50;

/** Donations marked per transaction (DynamoDB allows 100 items: these and the part). */
const MARKS_PER_TRANSACTION = 99;
/**
 * Marking transactions in flight at once. Locally (2 cores, DynamoDB Local, the machine shared) the donations
 * bench marked 10,000 in 8.3 s at 4 and 9.5 s at 8 (decision 19.15); DynamoDB itself takes more.
 */
export const MARK_CONCURRENCY = 4;

/** A transaction's idempotency token (36 characters at most): the same on the SDK's retries of one attempt. */
const tokenOf = (...parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('/')).digest('base64url').slice(0, 36);

export function giftAidClaimData(table: Table) {
  const TableName = table.name;

  const partAdd = (claimId: string, part: number, batch: readonly ClaimedDonation[]) =>
    txItem({
      Update: {
        TableName,
        Key: claimPartKey(claimId, part),
        UpdateExpression: 'ADD donations :n, donated_pence :p',
        ExpressionAttributeValues: { ':n': batch.length, ':p': batch.reduce((sum, d) => sum + d.pence, 0) },
      },
    });

  /**
   * Marks one batch with its part: a donation whose condition fails (refunded, or claimed by another claim
   * meanwhile) is left out and the rest tried again, so the part counts exactly the donations marked.
   */
  async function markBatch(claimId: string, part: number, batch: ClaimedDonation[]) {
    let left = batch;
    for (let attempt = 0; left.length; attempt++) {
      const items = [
        ...left.map((d) => giftAidClaimMark(TableName, d.id, claimId)),
        partAdd(claimId, part, left),
      ];
      try {
        await transact(table, items, tokenOf(claimId, part, attempt));
        return left;
      } catch (error) {
        if (conditionFailed(error)) {
          const failed = failedItems(error);
          if (failed.length === 0) throw new Error('claim transaction refused without a failed item');
          left = left.filter((_, i) => !failed.includes(i));
        } else if (transactionConflict(error) && attempt < CONFLICT_TRIES) {
          await conflictBackoff(attempt);
        } else throw error;
      }
    }
    return [];
  }

  /** The adjustments a claim carries (consistent: every one written before is read), oldest payment first. */
  async function adjustments(claimId: string): Promise<GiftAidAdjustment[]> {
    const found: GiftAidAdjustment[] = [];
    for await (const page of queryPages(table, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :adj)',
      ExpressionAttributeValues: { ':pk': claimKey(claimId).PK, ':adj': 'ADJ#' },
      ConsistentRead: true,
    }))
      for (const a of page) {
        const { PK: _pk, SK: _sk, ...adjustment } = a as Record<string, unknown>;
        found.push(adjustment as unknown as GiftAidAdjustment);
      }
    return found.sort(
      (a, b) => a.paid_at.localeCompare(b.paid_at) || a.donation_id.localeCompare(b.donation_id),
    );
  }

  /** One batch of adjustments carried by a claim; those another claim carried first are left out. */
  async function carryBatch(claimId: string, batch: readonly GiftAidAdjustment[], part: number) {
    let left = [...batch];
    for (let attempt = 0; left.length; attempt++) {
      const items = left.flatMap((a) => [
        txItem({
          Put: {
            TableName,
            Item: { ...adjustmentMarkerKey(a.donation_id), donation_id: a.donation_id, carried_by: claimId },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        }),
        txItem({ Put: { TableName, Item: { ...claimAdjustmentKey(claimId, a.donation_id), ...a } } }),
      ]);
      try {
        await transact(table, items, tokenOf(claimId, 'adj', part, attempt));
        return left;
      } catch (error) {
        if (conditionFailed(error)) {
          const failed = failedItems(error).map((i) => Math.floor(i / 2));
          if (failed.length === 0) throw new Error('adjustment transaction refused without a failed item');
          left = left.filter((_, i) => !failed.includes(i));
        } else if (transactionConflict(error) && attempt < CONFLICT_TRIES) {
          await conflictBackoff(attempt);
        } else throw error;
      }
    }
    return [];
  }

  /** The sum of a claim's parts (consistent: every part written before is counted). */
  async function parts(claimId: string): Promise<Pick<ClaimFigures, 'donations' | 'donated_pence'>> {
    const figures = { donations: 0, donated_pence: 0 };
    for await (const page of queryPages(table, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :part)',
      ExpressionAttributeValues: { ':pk': claimKey(claimId).PK, ':part': 'PART#' },
      ConsistentRead: true,
    }))
      for (const p of page) {
        figures.donations += Number(p.donations ?? 0);
        figures.donated_pence += Number(p.donated_pence ?? 0);
      }
    return figures;
  }

  /** The charity's claims, newest first (`building` ones only when asked). */
  async function list(userId: string, opts: { building?: boolean } = {}): Promise<GiftAidClaimItem[]> {
    const claims: GiftAidClaimItem[] = [];
    for await (const page of queryPages(table, {
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ...(opts.building
        ? {
            FilterExpression: '#status = :building',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pk': charityClaims(userId), ':building': 'building' },
          }
        : { ExpressionAttributeValues: { ':pk': charityClaims(userId) } }),
      ScanIndexForward: false,
    }))
      claims.push(...(page as unknown as GiftAidClaimItem[]));
    return claims;
  }

  return {
    /** Writes a new claim, `building`; false when the id is taken. */
    start: (claim: GiftAidClaimItem) =>
      whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: {
              ...claimKey(claim.id),
              ...claim,
              GSI1PK: charityClaims(claim.user_id),
              GSI1SK: `${claim.created_at}#${claim.id}`,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      ),

    /**
     * Marks donations with the claim, 99 to a transaction with a part of the claim's own, `MARK_CONCURRENCY`
     * transactions at once; answers those marked, in order (a donation refunded or claimed by another claim
     * meanwhile is not). The totals are left alone until {@link complete}.
     */
    async mark(claim: GiftAidClaimItem, donations: readonly ClaimedDonation[]): Promise<ClaimedDonation[]> {
      const batches: ClaimedDonation[][] = [];
      for (let i = 0; i < donations.length; i += MARKS_PER_TRANSACTION)
        batches.push(donations.slice(i, i + MARKS_PER_TRANSACTION));
      const marked: ClaimedDonation[][] = new Array(batches.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(MARK_CONCURRENCY, batches.length) }, async () => {
          while (next < batches.length) {
            const part = next++;
            marked[part] = await markBatch(claim.id, part, batches[part] ?? []);
          }
        }),
      );
      return marked.flat();
    },

    /**
     * Makes a `building` claim `complete` with the sum of its parts, and takes that sum from the charity's Gift
     * Aid to claim, in one transaction. Only once nothing marks for it any more (its own run, or a run long
     * dead). Answers the figures, or undefined when the claim was not `building` (completed already).
     */
    async complete(
      claim: Pick<GiftAidClaimItem, 'id' | 'user_id'>,
      filesOf: (donations: number) => number,
    ): Promise<(ClaimFigures & { files: number }) | undefined> {
      const [summed, carried] = await Promise.all([parts(claim.id), adjustments(claim.id)]);
      const figures = {
        ...summed,
        overclaimed_pence: carried.reduce((sum, a) => sum + a.gift_aid_pence, 0),
        adjustment_count: carried.length,
        adjustments: carried.slice(0, ADJUSTMENTS_SHOWN),
        files: filesOf(summed.donations),
      };
      const failed = await conditionFailures(
        transact(table, [
          txItem({
            Update: {
              TableName,
              Key: claimKey(claim.id),
              UpdateExpression:
                'SET #status = :complete, donations = :n, donated_pence = :p, files = :f, overclaimed_pence = :o, adjustment_count = :ac, adjustments = :a',
              ConditionExpression: '#status = :building',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':building': 'building',
                ':complete': 'complete',
                ':n': figures.donations,
                ':p': figures.donated_pence,
                ':f': figures.files,
                ':o': figures.overclaimed_pence,
                ':ac': figures.adjustment_count,
                ':a': figures.adjustments,
              },
            },
          }),
          ...totalsChange(TableName, {
            userId: claim.user_id,
            gift_aid_unclaimed_pence: -figures.donated_pence,
          }),
        ]),
      );
      return failed === null ? figures : undefined;
    },

    /**
     * The charity's Gift Aid to claim (gross pence): its totals' `gift_aid_unclaimed_pence` less the parts of
     * its `building` claims, the totals and those claims' states read in one transaction (a claim completing
     * meanwhile is counted once). At most 99 building claims are looked at (there is one at a time, in practice).
     * `fromTotals` is the totals' figure as the caller already reads it: with no claim building (the usual case)
     * it is the answer, and the totals are not read twice.
     */
    async unclaimedPence(userId: string, fromTotals: Promise<number>): Promise<number> {
      const [listed, figure] = await Promise.all([list(userId, { building: true }), fromTotals]);
      const building = listed.slice(0, 99);
      if (building.length === 0) return figure;
      const sums = await Promise.all(building.map((c) => parts(c.id)));
      const out = await table.doc.send(
        new TransactGetCommand({
          TransactItems: [totalsKey(userId), ...building.map((c) => claimKey(c.id))].map((Key) => ({
            Get: { TableName, Key },
          })),
        }),
      );
      const [totals, ...claims] = out.Responses ?? [];
      let unclaimed = Number(totals?.Item?.gift_aid_unclaimed_pence ?? 0);
      for (const [i, c] of claims.entries())
        if (c?.Item?.status === 'building') unclaimed -= sums[i]?.donated_pence ?? 0;
      return unclaimed;
    },

    /** The claim, only when it is this charity's (another charity's id is not found). */
    async get(userId: string, id: string): Promise<GiftAidClaimItem | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: claimKey(id), ConsistentRead: true }),
      );
      const claim = out.Item as GiftAidClaimItem | undefined;
      return claim?.user_id === userId ? claim : undefined;
    },

    /**
     * Carries adjustments into a `building` claim, 50 to a transaction: each donation's marker is written only
     * if absent, so a donation is carried by one claim only, whichever gets there first; answers those this
     * claim carried.
     */
    async carry(claim: Pick<GiftAidClaimItem, 'id'>, candidates: readonly GiftAidAdjustment[]) {
      const carried: GiftAidAdjustment[] = [];
      for (let i = 0; i < candidates.length; i += ADJUSTMENTS_PER_TRANSACTION)
        carried.push(
          ...(await carryBatch(
            claim.id,
            candidates.slice(i, i + ADJUSTMENTS_PER_TRANSACTION),
            i / ADJUSTMENTS_PER_TRANSACTION,
          )),
        );
      return carried;
    },

    /** Of these donations, those whose adjustment some claim carries already. */
    async carriedAlready(donationIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < donationIds.length; i += 100) {
        let keys: Record<string, unknown>[] = donationIds
          .slice(i, i + 100)
          .map((id) => adjustmentMarkerKey(id));
        for (let attempt = 0; keys.length; attempt++) {
          const out = await table.doc.send(
            new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } } }),
          );
          for (const item of out.Responses?.[TableName] ?? []) found.add(String(item.donation_id));
          keys = (out.UnprocessedKeys?.[TableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
          if (keys.length && attempt < CONFLICT_TRIES) await conflictBackoff(attempt);
          else if (keys.length) throw new Error('adjustment markers left unread');
        }
      }
      return found;
    },

    /** The adjustments a claim carries (for its files again). */
    adjustments,

    /** The charity's claims, newest first. */
    list: (userId: string) => list(userId),

    /** The charity's claims still `building`: being made now, or left so by a run that died. */
    building: (userId: string) => list(userId, { building: true }),
  };
}
export type GiftAidClaimData = ReturnType<typeof giftAidClaimData>;
