import { CLIENT_ERROR_RATE } from '@shared/public-pages';
import { charityData } from '../../lambdas/data/charities';
import { SITEMAP_CHARITY_LIMIT } from '../../lambdas/domain/public-pages/public-pages';
import { callApi, freshAddress, post } from '../support/api';
import { withRoomInWindow } from '../support/clock-windows';
import { fetchText, LIVE_CONTENT, makeLiveCharity } from '../support/public-page';
import { testTable } from '../support/table';
import { forceVerificationFlags } from '../support/tampering';

jest.setTimeout(60_000);

describe('public charity page API', () => {
  it('answers a live, verified charity with only what the page shows', async () => {
    const c = await makeLiveCharity({ charityName: 'Brambleford Community Larder' });
    const res = await callApi('GET', `/api/charities/${c.registrationNumber}`);
    expect(res.status).toBe(200);
    const charity = res.body.charity as Record<string, unknown> & {
      fields: { name: string; label: string; value: string }[];
      media: { alt: string; file_path: string }[];
      explore: { short_description: string; feed: unknown[] } | null;
    };
    expect(charity.display_name).toBe('Brambleford Community Larder');
    expect(charity.registered_name).toBe('Brambleford Community Larder');
    expect(charity.register_url).toContain(c.registrationNumber);
    expect(charity.fields).toEqual([
      { name: 'page_description', label: 'Our Mission', value: LIVE_CONTENT.page_description },
      { name: 'about_text', label: 'About Us', value: LIVE_CONTENT.about_text },
    ]);
    expect(charity.media).toHaveLength(2);
    expect(charity.media[0]?.alt).toBe('Photo from Brambleford Community Larder');
    expect(charity.explore?.short_description).toBe('Hot meals, warm welcome');
    expect(charity.explore?.feed).toHaveLength(1);
    // Nothing private: no emails, account ids, payment ids or flags.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(c.email);
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/stripe|verified|"id"|charity_id/);
  });

  it('answers 404 once the charity is offline, locked or unverified, and for unknown numbers', async () => {
    const c = await makeLiveCharity();
    const path = `/api/charities/${c.registrationNumber}`;
    await forceVerificationFlags(c.userId, { verified: false });
    expect((await callApi('GET', path)).status).toBe(404);
    await forceVerificationFlags(c.userId, { verified: true });
    expect((await callApi('GET', path)).status).toBe(200);
    const off = await post('/api/me/live', { live: false }, { token: c.idToken });
    expect(off.status).toBe(200);
    const gone = await callApi('GET', path);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await callApi('GET', '/api/charities/99999999')).status).toBe(404);
    expect((await callApi('GET', '/api/charities/999999999')).status).toBe(400);
    expect((await callApi('GET', '/api/charities/12ab')).status).toBe(400);
  });

  it('hides a locked charity even while live', async () => {
    const c = await makeLiveCharity();
    await charityData(testTable()).lock(c.userId, c.registrationNumber, 50);
    expect((await callApi('GET', `/api/charities/${c.registrationNumber}`)).status).toBe(404);
  });
});

describe('documents for crawlers', () => {
  it('serves the charity page with its name, description, first image and canonical URL in the HTML', async () => {
    const c = await makeLiveCharity({ charityName: 'Owl & Oak Rescue' });
    const doc = await fetchText(`/charities/${c.registrationNumber}`);
    expect(doc.status).toBe(200);
    expect(doc.type).toContain('text/html');
    const title = `Owl &amp; Oak Rescue (registered charity ${c.registrationNumber}) | Kindred`;
    expect(doc.text).toContain(`<title>${title}</title>`);
    expect(doc.text).toContain(`<meta property="og:title" content="${title}" />`);
    expect(doc.text).toContain('<meta property="og:description" content="Hot meals, warm welcome" />');
    expect(doc.text).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/[^"]+\.jpg" \/>/);
    expect(doc.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(doc.text).toMatch(
      new RegExp(`<link rel="canonical" href="http://[^"]+/charities/${c.registrationNumber}" />`),
    );
    // The page itself is in #root, rendered on the server for the app to hydrate, after its data as inline
    // JSON (not a script the browser runs, and `&` and `<` escaped so no text can end it early).
    expect(doc.text).toMatch(/<div id="root" data-prerendered="[a-z-]+">/);
    expect(doc.text).toMatch(/<h1[^>]*>Owl &amp; Oak Rescue<\/h1>/);
    expect(doc.text).toMatch(new RegExp(`Registered charity number (<!-- -->)?${c.registrationNumber}`));
    expect(doc.text).toContain('<script type="application/json" id="charity-page-data">');
    // The app loads after the first paint; its preloads would compete with the first photo.
    expect(doc.text).toMatch(/<script type="module" fetchpriority="low"/);
    expect(doc.text).not.toContain('rel="modulepreload"');
    expect(doc.text).toContain('"display_name":"Owl \\u0026 Oak Rescue"');
    expect(doc.text.match(/<title>/g)).toHaveLength(1);
  });

  it('answers 404 with a noindex shell for an offline charity and for unknown pages', async () => {
    const c = await makeLiveCharity({ live: false });
    const offline = await fetchText(`/charities/${c.registrationNumber}`);
    expect(offline.status).toBe(404);
    expect(offline.text).toContain('<meta name="robots" content="noindex" />');
    const unknown = await fetchText('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toContain('text/html');
    expect(unknown.text).toContain('<meta name="robots" content="noindex" />');
    expect(unknown.text).toContain('<div id="root"></div>');
    expect((await fetchText('/charities/not-a-number')).status).toBe(404);
    const known = await fetchText('/privacy-policy');
    expect(known.status).toBe(200);
    expect(known.text).not.toContain('noindex');
  });

  it('serves robots.txt and a sitemap listing live charities only', async () => {
    const live = await makeLiveCharity();
    const hidden = await makeLiveCharity({ live: false });
    const robots = await fetchText('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
    // The charity area's public doors may be crawled; the signed-in area may not.
    expect(robots.text).toContain('Allow: /charity/signin\n');
    expect(robots.text).toContain('Disallow: /charity/\n');
    const sitemap = await fetchText('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain('application/xml');
    expect(sitemap.text).toContain(`/charities/${live.registrationNumber}</loc>`);
    expect(sitemap.text).not.toContain(`/charities/${hidden.registrationNumber}<`);
    expect(sitemap.text).toMatch(/<loc>http:\/\/\S+\/privacy-policy<\/loc>/);
    expect(sitemap.text).not.toContain('/charity/dashboard');
    await post('/api/me/live', { live: false }, { token: live.idToken });
    expect((await fetchText('/sitemap.xml')).text).not.toContain(`/charities/${live.registrationNumber}<`);
  });

  it('lists a live charity under its own number only, and withdraws it when the charity is locked', async () => {
    const a = await makeLiveCharity({ label: 'listed' });
    const b = await makeLiveCharity({ label: 'other', live: false });
    const charities = charityData(testTable());
    // The live list cannot be made to name another charity's number (the profile must hold it).
    expect(await charities.setLive(b.userId, a.registrationNumber, true, new Date())).toBe(false);
    const numbers = await charities.listLiveNumbers(SITEMAP_CHARITY_LIMIT);
    expect(numbers).toContain(a.registrationNumber);
    expect(numbers).not.toContain(b.registrationNumber);
    expect([...numbers].sort()).toEqual(numbers);
    await charities.lock(a.userId, a.registrationNumber, 10);
    expect(await charities.listLiveNumbers(SITEMAP_CHARITY_LIMIT)).not.toContain(a.registrationNumber);
    expect((await fetchText('/sitemap.xml')).text).not.toContain(`/charities/${a.registrationNumber}<`);
    expect((await fetchText(`/charities/${a.registrationNumber}`)).status).toBe(404);
  });
});

describe('client error reports', () => {
  const report = {
    message: 'Cannot read properties of undefined',
    route: '/charity/dashboard',
    release: 'test',
    kind: 'route',
  };

  it('accepts a report and refuses bad ones with a 4xx', async () => {
    const from = freshAddress();
    expect((await post('/api/client-errors', report, { from })).status).toBe(200);
    expect((await post('/api/client-errors', { ...report, route: '/x?token=abc' }, { from })).status).toBe(
      400,
    );
    expect((await post('/api/client-errors', { ...report, email: 'a@b.c' }, { from })).status).toBe(400);
  });

  it('is rate-limited per address', async () => {
    await withRoomInWindow(CLIENT_ERROR_RATE.window, 30);
    const from = freshAddress();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await post('/api/client-errors', report, { from })).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
