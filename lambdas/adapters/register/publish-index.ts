import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { s3Client } from '../s3-client';
import { CURRENT_FILE } from './extract-register';
import { type BuiltRegister, registerFiles, versionOf } from './write-index';

/**
 * Publishes a built register to S3: the version's files under `<prefix>/<version>/`, then the
 * `current.json` pointer, then removes versions older than the previous one (a warm function may still
 * read the previous version's details).
 */
export async function publishRegisterToS3(
  built: BuiltRegister,
  bucket: string,
  prefix: string,
  client: S3Client = s3Client(),
): Promise<string> {
  const base = prefix.replace(/\/+$/, '');
  const version = versionOf(built);
  for (const [name, body] of registerFiles(built)) {
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: `${base}/${version}/${name}`, Body: body }),
    );
  }
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: `${base}/${CURRENT_FILE}`,
      Body: JSON.stringify({ version }),
      ContentType: 'application/json',
      CacheControl: 'no-cache',
    }),
  );
  const versions = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: `${base}/`,
        Delimiter: '/',
        ContinuationToken: token,
      }),
    );
    for (const p of page.CommonPrefixes ?? [])
      if (p.Prefix) versions.add(p.Prefix.slice(base.length + 1).replace(/\/$/, ''));
    token = page.NextContinuationToken;
  } while (token);
  const stale = [...versions].sort().slice(0, -2);
  for (const old of stale) {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${base}/${old}/` }));
    // A version is three objects: single deletes are simpler than a multi-object delete's checksums.
    for (const o of listed.Contents ?? [])
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key }));
  }
  return version;
}
