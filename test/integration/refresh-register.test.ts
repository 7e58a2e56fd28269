import { createWriteStream, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import yazl from 'yazl';
import { SAMPLE_EXTRACT_DIR } from '../../infra/local/settings';
import { createExtractRegister } from '../../lambdas/adapters/register/extract-register';
import { s3IndexSource } from '../../lambdas/adapters/register/index-sources';
import { applyCloudEnvironment } from '../support/cloud';

const { env } = applyCloudEnvironment();
const s3 = new S3Client({ forcePathStyle: true, maxAttempts: 1 });
const bucket = `register-test-${Date.now()}`;
let server: http.Server;
let zipDir: string;
let requests: string[] = [];

/** Zips each sample table as the Commission publishes it: `<table>.zip` holding `<table>.json`. */
async function zipSample(dir: string) {
  for (const file of readdirSync(SAMPLE_EXTRACT_DIR).filter((f) => f.endsWith('.json'))) {
    const zip = new yazl.ZipFile();
    zip.addBuffer(await readFile(join(SAMPLE_EXTRACT_DIR, file)), file);
    zip.end();
    await new Promise<void>((resolve, reject) =>
      zip.outputStream
        .pipe(createWriteStream(join(dir, file.replace(/\.json$/, '.zip'))))
        .on('close', resolve)
        .on('error', reject),
    );
  }
}

beforeAll(async () => {
  zipDir = await mkdtemp(join(tmpdir(), 'register-zips-'));
  await zipSample(zipDir);
  server = http.createServer(async (req, res) => {
    requests.push(req.url ?? '');
    try {
      const body = await readFile(join(zipDir, (req.url ?? '').replace(/^\/data\/json\//, '')));
      res.writeHead(200, { 'content-type': 'application/zip' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  process.env.REGISTER_EXTRACT_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/json`;
  process.env.REGISTER_INDEX_BUCKET = bucket;
  process.env.REGISTER_INDEX_PREFIX = 'register';
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await rm(zipDir, { recursive: true, force: true });
  delete process.env.REGISTER_INDEX_BUCKET;
});

describe('refresh-register job against s3rver', () => {
  it('downloads the zipped extract, publishes a new index version to S3 and keeps two versions', async () => {
    const { handler } = await import('../../lambdas/jobs/refresh-register/handler');
    const first = await handler();
    expect(first).toMatchObject({ registeredMain: 64, rows: 66 });
    expect(requests).toContain('/data/json/publicextract.charity.zip');

    const register = createExtractRegister(s3IndexSource(bucket, 'register'));
    const hits = await register.search('hedgehog', 'name', 150);
    expect(hits.map((h) => h.name)).toEqual(['Hollowmere Hedgehog Hospital']);
    const detail = await register.getDetails(hits[0]!.registrationNumber);
    expect(detail?.trustees.length).toBeGreaterThan(0);

    // Two more runs: only the newest two versions stay.
    await handler();
    await new Promise((r) => setTimeout(r, 5));
    const third = await handler();
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'register/', Delimiter: '/' }),
    );
    const versions = (listed.CommonPrefixes ?? []).map((p) => p.Prefix);
    expect(versions).toHaveLength(2);
    expect(versions).toContain(`register/${third.version}/`);
    expect(env.TABLE_NAME).toBeDefined();
  });

  it('fails loudly when the required charity table is missing', async () => {
    requests = [];
    process.env.REGISTER_EXTRACT_BASE_URL = `${process.env.REGISTER_EXTRACT_BASE_URL}/missing`;
    let handler!: () => Promise<unknown>;
    jest.isolateModules(() => {
      handler = require('../../lambdas/jobs/refresh-register/handler').handler;
    });
    await expect(handler()).rejects.toThrow(/publicextract.charity.zip failed: HTTP 404/);
  });
});
