import http from 'node:http';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { cloud } from '../support/cloud';
import { mediaS3 } from '../support/media';

/** GET with the path exactly as given (no URL normalisation). */
function rawType(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.headers['content-type'] ?? ''}`);
      })
      .on('error', reject);
  });
}

/** The one origin and the stand-ins behind it, through their real HTTP interfaces. */
describe('local cloud origin', () => {
  const { appUrl, mailboxUrl, env, runtimeConfig } = cloud();

  it('answers GET /api/health after reading the table', async () => {
    const res = await fetch(`${appUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ success: true, status: 'ok', checks: { database: 'ok' } });
  });

  it('serves /config.json matching the pool and clients it created', async () => {
    const res = await fetch(`${appUrl}/config.json`);
    const config = (await res.json()) as Record<string, string>;
    expect(config).toEqual(runtimeConfig);
    expect(config.userPoolId).toBe(env.USER_POOL_ID);
    expect(config.charityClientId).toBe(env.CHARITY_CLIENT_ID);
    expect(config.charityClientId).not.toBe(config.donorClientId);
  });

  it('serves the SPA for deep links and 404s for missing assets', async () => {
    const deep = await fetch(`${appUrl}/charity/support`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root"');
    expect((await fetch(`${appUrl}/assets/does-not-exist.js`)).status).toBe(404);
    expect((await fetch(`${appUrl}/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);
  });

  it('answers unknown API paths and wrong methods like API Gateway does', async () => {
    const unknown = await fetch(`${appUrl}/api/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${appUrl}/api/health`, { method: 'DELETE' })).status).toBe(404);
  });

  it('serves media written to the bucket at /media/<key>', async () => {
    const s3 = mediaS3();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await s3.send(
      new PutObjectCommand({
        Bucket: env.MEDIA_BUCKET,
        Key: 'test/pixel.jpg',
        Body: bytes,
        ContentType: 'image/jpeg',
      }),
    );
    const stored = await s3.send(new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: 'test/pixel.jpg' }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(bytes);
    const res = await fetch(`${appUrl}/media/test/pixel.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${appUrl}/media/test/missing.jpg`)).status).toBe(404);
    // No way out of the media bucket.
    // Sent raw (fetch would resolve dot segments itself): the origin resolves them before routing, so they
    // land outside /media (the app), and encoded slashes are refused.
    for (const path of ['/media/%2e%2e/other-bucket/key', '/media/../other-bucket/key']) {
      expect(await rawType(appUrl, path)).toContain('text/html');
    }
    expect(await rawType(appUrl, '/media/test%2f..%2fx')).toBe('404 application/json; charset=utf-8');
  });

  it('delivers mail sent through SES to the local mailbox', async () => {
    const ses = new SESv2Client({
      endpoint: env.AWS_ENDPOINT_URL_SESV2,
      region: env.AWS_REGION,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID as string,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
      },
    });
    const subject = `Hello ${Date.now()}`;
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: env.SES_SENDER,
        Destination: { ToAddresses: ['someone@example.org'] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Body text' } } } },
      }),
    );
    const store = (await (await fetch(`${mailboxUrl}/store`)).json()) as { emails: { subject: string }[] };
    expect(store.emails.map((e) => e.subject)).toContain(subject);
    const inbox = await fetch(`${mailboxUrl}/`);
    expect(inbox.status).toBe(200);
  });
});

describe('local cloud compression', () => {
  const { appUrl } = cloud();
  it('serves the app compressed when the browser accepts it, as CloudFront does', async () => {
    const index = await (await fetch(`${appUrl}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const res = await fetch(`${appUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.text()).length).toBeGreaterThan(1000); // fetch decodes it
    const plain = await fetch(`${appUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
