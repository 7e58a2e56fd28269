import { randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { INCOMING_PREFIX } from '@shared/media';
import { callApi } from './api';
import { cloud } from './cloud';

/** Bytes that pass the API's type check: a JPEG's or an MP4's first bytes, then random filler. */
export function fakeJpeg(size = 2048): Buffer<ArrayBuffer> {
  return Buffer.from(
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(Math.max(0, size - 4))]),
  );
}
/** A small WebVTT caption file (one cue). */
export function vttFile(text = 'We cook every Friday.'): Buffer<ArrayBuffer> {
  return Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n${text}\n`, 'utf8');
}
export function fakeMp4(size = 4096): Buffer<ArrayBuffer> {
  return Buffer.from(
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42', 'ascii'),
      randomBytes(Math.max(0, size - 12)),
    ]),
  );
}

export interface UploadRequest {
  purpose: 'page' | 'explore-grid' | 'explore-feed' | 'profile-image' | 'post';
  contentType?: 'image/jpeg' | 'video/mp4' | 'text/vtt';
  pageId?: string;
  position?: number;
  /** Size declared to the API (defaults to the body's). */
  size?: number;
}

/**
 * Uploads like the browser: asks create-media-upload for a presigned POST, then posts the form with the file
 * straight to S3. Returns the API's answer (key, pageId, ...) and the storage status.
 */
export async function upload(token: string, req: UploadRequest, body: Buffer = fakeJpeg()) {
  const contentType = req.contentType ?? 'image/jpeg';
  const grant = await callApi(
    'POST',
    '/api/me/media/uploads',
    { ...req, contentType, size: req.size ?? body.length },
    { token },
  );
  if (grant.status !== 200)
    throw new Error(`create-media-upload ${grant.status}: ${JSON.stringify(grant.body)}`);
  const { url, fields, key } = grant.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }));
  const stored = await fetch(url, { method: 'POST', body: form });
  if (stored.status >= 300) throw new Error(`upload POST ${stored.status}: ${await stored.text()}`);
  return {
    key,
    /** The presigned form, to post again. */
    form: { url, fields },
    pageId: grant.body.pageId as string | undefined,
    explorePageId: grant.body.explorePageId as string | undefined,
  };
}

/** Status of a media object read through the local origin's `/media/...` (as CloudFront serves it). */
export async function mediaStatus(key: string): Promise<number> {
  const res = await fetch(new URL(`/media/${key}`, cloud().appUrl), { method: 'HEAD' });
  return res.status;
}

let s3Client: S3Client | undefined;
/** An S3 client for the media bucket with the backend's credentials (as a function has them). */
export function mediaS3(): S3Client {
  const { env } = cloud();
  s3Client ??= new S3Client({
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID as string,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
  return s3Client;
}

/** The media bucket's stand-in, for looking behind the CDN (and planting objects). */
export function mediaBucket(): { s3: S3Client; bucket: string } {
  return { s3: mediaS3(), bucket: cloud().env.MEDIA_BUCKET as string };
}

/** Writes an object straight into the media bucket, with no POST policy in the way. */
export async function putMediaObject(key: string, body: Buffer | string, contentType = 'image/jpeg') {
  await mediaS3().send(
    new PutObjectCommand({
      Bucket: cloud().env.MEDIA_BUCKET,
      Key: key,
      Body: body,
      ContentType: contentType,
    }),
  );
}

/** Where the upload form of an issued key stores its file (never served). */
export const incomingKey = (key: string) => `${INCOMING_PREFIX}${key}`;

/** The bytes stored in the bucket under a key, or null when there is none. */
export async function storedBytes(key: string): Promise<Buffer | null> {
  const { s3, bucket } = mediaBucket();
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(
      await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** Stores bytes under a key directly (as a leftover file would be). */
export async function plantObject(key: string, body: Buffer, contentType = 'image/jpeg'): Promise<void> {
  await putMediaObject(key, body, contentType);
}
