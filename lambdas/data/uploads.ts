import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadContentType, UploadPurpose } from '@shared/media';
import { accountExists, charityPk } from './charities';
import { type Table, type TxItem, transact, txItem, whenCondition } from './table';

/**
 * Uploads the API issued: `UPLOAD#<key>` under the charity's partition, until recorded or expired (TTL).
 * Saves act only on keys found here, and remove the item in the same transaction that records the media, so a
 * key is recorded once.
 */
export interface IssuedUpload {
  key: string;
  purpose: UploadPurpose;
  content_type: UploadContentType;
  max_bytes: number;
  page_id?: string;
  explore_page_id?: string;
  /** Epoch seconds when the upload form expires: an object stored later is refused. */
  form_expires_at: number;
  /** Epoch seconds (TTL); reads check it themselves. */
  expiresAt: number;
}

export const uploadSk = (key: string) => `UPLOAD#${key}`;
export const uploadKey = (userId: string, key: string) => ({ PK: charityPk(userId), SK: uploadSk(key) });

export function uploadData(table: Table) {
  const TableName = table.name;
  return {
    /** Records the grant, only while the account exists; false (nothing written) when it is gone. */
    async put(userId: string, upload: IssuedUpload): Promise<boolean> {
      return whenCondition(
        transact(table, [
          accountExists(TableName, userId),
          txItem({ Put: { TableName, Item: { ...uploadKey(userId, upload.key), ...upload } } }),
        ]),
      );
    },
    async get(userId: string, key: string, nowSec: number): Promise<IssuedUpload | undefined> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: uploadKey(userId, key),
          ConsistentRead: true,
        }),
      );
      const found = out.Item as IssuedUpload | undefined;
      return found && found.expiresAt > nowSec ? found : undefined;
    },
    async remove(userId: string, key: string): Promise<void> {
      await table.doc.send(new DeleteCommand({ TableName, Key: uploadKey(userId, key) }));
    },
    /** A transaction item that removes the issued upload, failing the transaction if it was already used. */
    consume(userId: string, key: string): TxItem {
      return txItem({
        Delete: { TableName, Key: uploadKey(userId, key), ConditionExpression: 'attribute_exists(PK)' },
      });
    },
  };
}

export type UploadData = ReturnType<typeof uploadData>;
