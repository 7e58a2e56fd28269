import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './s3-client';

/** How long a download link works: long enough to click, short enough that a forwarded link is soon dead. */
export const EXPORT_LINK_SECONDS = 300;

/**
 * The private exports bucket (issue 33): a file made for one request is streamed in (S3 multipart: memory stays
 * at a few parts, whatever the file's size) and fetched by a short-lived signed link that names the file's
 * download name. Objects expire after a day (the bucket's lifecycle).
 */
export interface ExportStore {
  /** A new key for a file of this charity: `<userId>/<random>/<filename>` (never guessable). */
  newKey(userId: string, filename: string): string;
  /** Streams `body` to `key`; resolves once the object is complete. */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /** A 5-minute presigned GET that downloads as `filename`. */
  link(key: string, filename: string): Promise<string>;
}

/** An RFC 6266 `attachment` disposition: an ASCII fallback name and the exact UTF-8 one. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A download name reduced to safe characters (the key and the disposition carry it). */
const safeName = (filename: string) => filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);

export function s3ExportStore(bucket: string, client: S3Client = s3Client()): ExportStore {
  return {
    newKey: (userId, filename) => `${userId}/${randomBytes(16).toString('base64url')}/${safeName(filename)}`,
    async write(key, body, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
        // S3's smallest part; one part in flight at a time beside the one being filled.
        partSize: 5 * 1024 * 1024,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    link: (key, filename) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: attachment(filename),
        }),
        { expiresIn: EXPORT_LINK_SECONDS },
      ),
  };
}
