import { s3Client } from './s3-client';

describe('s3Client', () => {
  it('addresses buckets by path only when S3_FORCE_PATH_STYLE is true (LocalStack mode)', async () => {
    expect(s3Client({ S3_FORCE_PATH_STYLE: 'true' }).config.forcePathStyle).toBe(true);
    expect(s3Client({}).config.forcePathStyle).toBe(false);
    const client = s3Client({ S3_FORCE_PATH_STYLE: 'true' });
    const endpoint = await client.config.endpointProvider(
      {
        Bucket: 'kindred-local-media',
        Region: 'eu-west-2',
        Endpoint: 'http://localhost:4566',
        ForcePathStyle: true,
      },
      {},
    );
    expect(endpoint.url.href).toBe('http://localhost:4566/kindred-local-media');
  });
});
