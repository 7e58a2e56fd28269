import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface MediaStore {
  /** Deletes every object under a prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
}

export function s3MediaStore(bucket: string, client = new S3Client({})): MediaStore {
  return {
    async deletePrefix(prefix) {
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        // One by one: a multi-object delete needs checksums the local S3 stand-in does not take.
        await Promise.all(
          (page.Contents ?? []).map((o) =>
            client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key })),
          ),
        );
        deleted += page.Contents?.length ?? 0;
        token = page.NextContinuationToken;
      } while (token);
      return deleted;
    },
  };
}
