import { discoverQueryKey } from '@shared/discover';
import { cloud } from '../support/cloud';
import { makeListedCharity } from '../support/discover';
import { fetchText } from '../support/public-page';

jest.setTimeout(90_000);

/**
 * `/charities` (issue 45) through the local origin, as a crawler or a first visit gets it: the document
 * function's server render of the listing for its filters, with the answer inline for hydration.
 */
describe('the /charities document', () => {
  const NAME = '<script>alert("owls")</script> Owl & Friends';
  let listed: Awaited<ReturnType<typeof makeListedCharity>>;

  beforeAll(async () => {
    listed = await makeListedCharity({ displayName: NAME });
  });

  it('lists a live charity as a card, its own name escaped in the markup and in the inline data', async () => {
    const { charity } = listed;
    const page = await fetchText('/charities?place=Leeds');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('<title>Find a charity | Kindred</title>');
    expect(page.text).toContain(`href="/charities/${charity.registrationNumber}"`);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;owls&quot;)&lt;/script&gt; Owl &amp; Friends');
    expect(page.text).toContain(`Registered charity ${charity.registrationNumber}: `);
    expect(page.text).toContain(`href="/charities/${charity.registrationNumber}#give"`);
    expect(page.text).not.toContain('<script>alert');
    // The answer for hydration: `<` escaped, so the charity's words cannot end the script early.
    expect(page.text).toContain('<script type="application/json" id="discover-page-data">');
    expect(page.text).toContain('\\u003cscript\\u003ealert');
    expect(page.text).toContain('data-prerendered=');
    // A typed place is not for the index.
    expect(page.text).toContain('<meta name="robots" content="noindex" />');
  });

  it('filters by cause (the register classification), keeping the filters in its canonical URL', async () => {
    const { charity, card } = listed;
    const cause = card.causes[0]?.slug;
    const everyone = await fetchText('/charities');
    expect(everyone.status).toBe(200);
    expect(everyone.text).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/charities" \/>/);
    expect(cause).toBeDefined();
    const path = `/charities?${discoverQueryKey({ cause: cause as string, place: 'Leeds' })}`;
    const filtered = await fetchText(path);
    expect(filtered.status).toBe(200);
    expect(filtered.text).toContain(`href="/charities/${charity.registrationNumber}"`);
    const byCause = await fetchText(`/charities?cause=${cause}&utm_source=mail`);
    expect(byCause.text).toContain(`/charities?cause=${cause}" />`);
  });
});

describe('the /charities document, whatever is live', () => {
  it('renders the listing with its filter form, server-side', async () => {
    const page = await fetchText('/charities?size=small');
    expect(page.status).toBe(200);
    // A plain GET form: it works before the app has loaded, and without JavaScript.
    expect(page.text).toContain(
      '<search aria-label="Find a charity"><form class="card discover-form" action="/charities" method="get">',
    );
    expect(page.text).toContain('<option value="small" selected="">');
    expect(page.text).toContain('id="discover-page-data"');
  });

  it('answers a refused filter with 400 and the page saying why, and sends /charities/ to /charities', async () => {
    const bad = await fetchText('/charities?cause=not-a-cause');
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('text/html');
    expect(bad.text).toContain('Choose a cause from the list.');
    expect(bad.text).toContain('<meta name="robots" content="noindex" />');
    const slash = await fetch(new URL('/charities/', cloud().appUrl), {
      redirect: 'manual',
    });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/charities');
  });

  it('is in the sitemap', async () => {
    const sitemap = await fetchText('/sitemap.xml');
    expect(sitemap.text).toMatch(/<loc>http:\/\/\S+\/charities<\/loc>/);
  });
});
