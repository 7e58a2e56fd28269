import { S3Client } from '@aws-sdk/client-s3';

/**
 * The S3 client of the adapters. `S3_FORCE_PATH_STYLE=true` addresses buckets by path
 * (`http://host:4566/<bucket>/<key>`) instead of by host name (`<bucket>.host`), which emulators such as
 * LocalStack need (most resolvers cannot find `bucket.localhost`); AWS itself is addressed by host name.
 */
export function s3Client(env: NodeJS.ProcessEnv = process.env): S3Client {
  return new S3Client({ forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' });
}
