import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account';
import { LOCAL_CREDENTIALS } from './settings';

/** CORS of the media bucket: browsers upload with presigned POST from the app origin. */
function corsXml(origin: string): string {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** Starts s3rver with the media bucket, accepting the local credentials as well as its own. */
export async function startS3(opts: {
  port: number;
  dir: string;
  bucket: string;
  appOrigin: string;
  quiet: boolean;
}) {
  mkdirSync(opts.dir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dir,
    silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.appOrigin)] }],
  });
  await server.run();
  return { url: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}
