import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaContentType, UploadPurpose } from '../../shared/src/media';
import { accountExists, charityPk } from './charities';
import { conditionFailed } from './markers';
import type { Table } from './table';

/**
 * Uploads the API issued: `UPLOAD#<key>` under the charity's partition, until recorded or expired (TTL).
 * Saves act only on keys found here, and remove the item in the same transaction that records the media, so a
 * key is recorded once.
 */
export interface IssuedUpload {
  key: string;
  purpose: UploadPurpose;
  content_type: MediaContentType;
  max_bytes: number;
  page_id?: string;
  explore_page_id?: string;
  /** Epoch seconds when the upload form expires: an object stored later is refused. */
  form_expires_at: number;
  /** Epoch seconds (TTL); reads check it themselves. */
  expiresAt: number;
}

export const uploadSk = (key: string) => `UPLOAD#${key}`;

export function uploadData(table: Table) {
  const TableName = table.name;
  return {
    /** Records the grant, only while the account exists; false (nothing written) when it is gone. */
    async put(userId: string, upload: IssuedUpload): Promise<boolean> {
      try {
        await table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              accountExists(TableName, userId),
              { Put: { TableName, Item: { PK: charityPk(userId), SK: uploadSk(upload.key), ...upload } } },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
    async get(userId: string, key: string, nowSec: number): Promise<IssuedUpload | undefined> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: { PK: charityPk(userId), SK: uploadSk(key) },
          ConsistentRead: true,
        }),
      );
      const found = out.Item as IssuedUpload | undefined;
      return found && found.expiresAt > nowSec ? found : undefined;
    },
    async remove(userId: string, key: string): Promise<void> {
      await table.doc.send(
        new DeleteCommand({ TableName, Key: { PK: charityPk(userId), SK: uploadSk(key) } }),
      );
    },
    /** A transaction item that removes the issued upload, failing the transaction if it was already used. */
    consume(userId: string, key: string) {
      return {
        Delete: {
          TableName,
          Key: { PK: charityPk(userId), SK: uploadSk(key) },
          ConditionExpression: 'attribute_exists(PK)',
        },
      };
    },
  };
}

export type UploadData = ReturnType<typeof uploadData>;
