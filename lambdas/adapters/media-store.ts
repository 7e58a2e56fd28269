import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { s3Client } from './s3-client';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface MediaStore {
  /** A browser upload form for exactly this key, content type and size range, valid for `expiresSeconds`. */
  presignPost(input: {
    key: string;
    contentType: string;
    minBytes: number;
    maxBytes: number;
    expiresSeconds: number;
  }): Promise<PresignedUpload>;
  /** Size and last write time of a stored object, or null when there is none. */
  stat(key: string): Promise<{ size: number; lastModified: Date } | null>;
  /**
   * Copies an object inside the bucket with the given content type (the source's own metadata is not kept);
   * false when the source does not exist.
   */
  copyObject(source: string, target: string, contentType: string): Promise<boolean>;
  /** The first `bytes` bytes of an object (fewer when it is shorter). */
  readStart(key: string, bytes: number): Promise<Uint8Array>;
  /** Deletes one object (no error when it is already gone). */
  deleteObject(key: string): Promise<void>;
  /** Deletes every object under a prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export function s3MediaStore(bucket: string, client: S3Client = s3Client()): MediaStore {
  return {
    async presignPost({ key, contentType, minBytes, maxBytes, expiresSeconds }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        // The policy fixes the key, the type and the size range; S3 refuses anything else. The API still
        // checks the stored object before recording it (the local stand-in enforces no policy).
        Conditions: [
          ['eq', '$key', key],
          ['eq', '$Content-Type', contentType],
          ['content-length-range', minBytes, maxBytes],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },
    async stat(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async copyObject(source, target, contentType) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: target,
            CopySource: `${bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
            MetadataDirective: 'REPLACE',
            ContentType: contentType,
          }),
        );
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async readStart(key, bytes) {
      const out = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      const body = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
      return body.subarray(0, bytes);
    },
    async deleteObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
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
