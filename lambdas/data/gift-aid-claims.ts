import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { totalsChange } from './donation-totals';
import { giftAidClaimMark } from './donations';
import { charityClaims, GSI1 } from './indexes';
import { conditionFailures, queryPages, type Table, transact, whenCondition } from './table';

/**
 * A Gift Aid claim: `CLAIM#<claimId>` / `CLAIM`, listed under GSI1 `CLAIMS#<userId>` by `<created_at>#<claimId>`.
 * Its own partition, not the charity's, so it outlives the account with the donations it claimed (HMRC's six
 * years). Written `building` before any donation is marked with its id, `complete` with its figures after.
 */
export const claimKey = (claimId: string) => ({ PK: `CLAIM#${claimId}`, SK: 'CLAIM' }) as const;

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
}

/** A donation to mark: its id and gross gift. */
export interface ClaimedDonation {
  id: string;
  pence: number;
}

/** Donations marked per transaction (DynamoDB allows 100 items: these and the totals). */
const MARKS_PER_TRANSACTION = 99;

export function giftAidClaimData(table: Table) {
  const TableName = table.name;

  /** Marks one batch; donations whose condition fails (refunded or claimed meanwhile) are left out and retried. */
  async function markBatch(claim: GiftAidClaimItem, batch: ClaimedDonation[]): Promise<ClaimedDonation[]> {
    let left = batch;
    while (left.length) {
      const pence = left.reduce((sum, d) => sum + d.pence, 0);
      const items = [
        ...left.map((d) => giftAidClaimMark(TableName, d.id, claim.id)),
        ...totalsChange(TableName, { userId: claim.user_id, gift_aid_unclaimed_pence: -pence }),
      ];
      const failed = await conditionFailures(transact(table, items));
      if (failed === null) return left;
      if (failed.length === 0) throw new Error('claim transaction refused without a failed item');
      left = left.filter((_, i) => !failed.includes(i));
    }
    return [];
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
     * Marks donations with the claim, each with its unclaimed Gift Aid taken from the totals in the same
     * transaction; answers those marked (a donation refunded or claimed by another claim meanwhile is not).
     */
    async mark(claim: GiftAidClaimItem, donations: readonly ClaimedDonation[]): Promise<ClaimedDonation[]> {
      const marked: ClaimedDonation[] = [];
      for (let i = 0; i < donations.length; i += MARKS_PER_TRANSACTION)
        marked.push(...(await markBatch(claim, donations.slice(i, i + MARKS_PER_TRANSACTION))));
      return marked;
    },

    /** The claim's figures, once its donations are marked. */
    complete: (id: string, figures: { donations: number; donated_pence: number; files: number }) =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: claimKey(id),
            UpdateExpression: 'SET #status = :complete, donations = :n, donated_pence = :p, files = :f',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':complete': 'complete',
              ':n': figures.donations,
              ':p': figures.donated_pence,
              ':f': figures.files,
            },
          }),
        ),
      ),

    /** The claim, only when it is this charity's (another charity's id is not found). */
    async get(userId: string, id: string): Promise<GiftAidClaimItem | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: claimKey(id), ConsistentRead: true }),
      );
      const claim = out.Item as GiftAidClaimItem | undefined;
      return claim?.user_id === userId ? claim : undefined;
    },

    /** The charity's claims, newest first. */
    async list(userId: string): Promise<GiftAidClaimItem[]> {
      const claims: GiftAidClaimItem[] = [];
      for await (const page of queryPages(table, {
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': charityClaims(userId) },
        ScanIndexForward: false,
      }))
        claims.push(...(page as unknown as GiftAidClaimItem[]));
      return claims;
    },
  };
}
export type GiftAidClaimData = ReturnType<typeof giftAidClaimData>;
