import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { GSI1, LIVE_CHARITIES } from '../indexes';
import { queryPages, type Table, type TxItem, txItem, updateExisting } from '../table';
import { charityItemKey } from './partition';

/**
 * The live record: `CHARITY#<userId>` / `LIVE`, listed under GSI1 `LIVE#CHARITIES` (by registration number)
 * while the charity is live and vetted, so the sitemap reads that list alone.
 */
export const liveKey = (userId: string) => charityItemKey(userId, 'LIVE');

/**
 * The live record as set live or offline (in the transaction that sets `page_is_live` with it): while live it is
 * listed with the number the charity was vetted under.
 */
export function liveRecord(
  tableName: string,
  userId: string,
  registrationNumber: string,
  live: boolean,
  now: Date,
): TxItem {
  return txItem({
    Put: {
      TableName: tableName,
      Item: {
        ...liveKey(userId),
        id: userId,
        live,
        updated_at: now.toISOString(),
        ...(live
          ? { registration_number: registrationNumber, GSI1PK: LIVE_CHARITIES, GSI1SK: registrationNumber }
          : {}),
      },
    },
  });
}

/** Reads and single writes of the live record. */
export function liveData(table: Table) {
  const TableName = table.name;
  return {
    async getLive(userId: string): Promise<boolean> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: liveKey(userId), ConsistentRead: true }),
      );
      return out.Item?.live === true;
    },

    /** Takes the record off the live list (the charity is no longer vetted); nothing when there is no record. */
    async withdrawListing(userId: string): Promise<void> {
      await updateExisting(table, liveKey(userId), 'REMOVE GSI1PK, GSI1SK');
    },

    /** The account ids of every live, vetted charity (the same list; the discovery cards' daily rebuild). */
    async listLiveIds(): Promise<string[]> {
      const ids: string[] = [];
      const pages = queryPages(table, {
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': LIVE_CHARITIES },
        ProjectionExpression: 'id',
      });
      for await (const items of pages) for (const i of items) if (typeof i.id === 'string') ids.push(i.id);
      return ids;
    },

    /**
     * Registration numbers of the live charities (GSI1 `LIVE#CHARITIES`, in number order), at most `limit`: a
     * record is listed only while live and vetted (`setLive` lists it, `lock` and deletion withdraw it).
     */
    async listLiveNumbers(limit: number): Promise<string[]> {
      const numbers: string[] = [];
      const pages = queryPages(
        table,
        {
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': LIVE_CHARITIES },
          ProjectionExpression: 'registration_number',
        },
        { limit },
      );
      for await (const items of pages)
        for (const i of items)
          if (typeof i.registration_number === 'string') numbers.push(i.registration_number);
      return numbers;
    },
  };
}
