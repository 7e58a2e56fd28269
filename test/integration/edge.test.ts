import { cloud } from '../support/cloud';

const { appUrl, apiUrl, env } = cloud();

/** The edge as the local cloud stands it in: the origin (CloudFront) on appUrl, the gateway (execute-api) on apiUrl. */
describe('the edge: the API only through the origin', () => {
  it('refuses a request straight to the gateway, without the origin header, with 403', async () => {
    const res = await fetch(`${apiUrl}/api/health`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      error: 'You do not have permission to do that.',
      code: 'FORBIDDEN',
    });
  });

  it('refuses a guessed origin header too', async () => {
    const res = await fetch(`${apiUrl}/api/health`, { headers: { 'x-origin-verify': 'guess' } });
    expect(res.status).toBe(403);
  });

  it('refuses a direct public POST before reading its body, and a public document', async () => {
    const post = await fetch(`${apiUrl}/api/register-charity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(post.status).toBe(403);
    const sitemap = await fetch(`${apiUrl}/api/sitemap.xml`);
    expect(sitemap.status).toBe(403);
  });

  it('answers a direct call to a protected route with the authorizer 401 first, as API Gateway does', async () => {
    const res = await fetch(`${apiUrl}/api/get-verification-info`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('serves the same requests through the origin, which adds the header', async () => {
    const health = await fetch(`${appUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true });
    const sitemap = await fetch(`${appUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const config = await fetch(`${appUrl}/config.json`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ environment: 'local' });
  });

  it('replaces a header the viewer sends itself, so a wrong value cannot lock anyone out', async () => {
    const res = await fetch(`${appUrl}/api/health`, { headers: { 'x-origin-verify': 'from-the-viewer' } });
    expect(res.status).toBe(200);
  });

  it('gives the functions the secret the origin sends (as the deployed functions get it)', () => {
    expect(env.ORIGIN_VERIFY_SECRET).toMatch(/^[\w-]{40,}$/);
  });
});
